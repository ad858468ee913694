#pragma once
// The small synthetic dataset the GUI tests open: `scenes` scenes of width x height rendered by the
// synthetic generator, models do_nothing and flat_falloff, written to <dir>/synth.
#include "synth/SynthDataset.h"

#include <QString>

namespace ll::test {

inline QString writeSmallSynthDataset(const QString& dir, int scenes, int width, int height) {
    const QString root = dir + "/synth";
    SynthDatasetParams p;
    p.scenes = scenes;
    p.render.width = width;
    p.render.height = height;
    p.models = {"do_nothing", "flat_falloff"};
    writeSynthDataset(root.toStdString(), p);
    return root;
}

} // namespace ll::test
