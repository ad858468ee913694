#include "inspect/CaseRequest.h"

#include "dataset/Dataset.h"
#include "util/Error.h"

#include <QCryptographicHash>

namespace ll::ui {

CaseRequest makeCaseRequest(const Dataset& dataset, const CaseId& id, const MetricParams& params) {
    const std::string scene = id.scene.toStdString();
    const Scene* s = dataset.findScene(scene);
    if (!s) throw Error(scene, "no such scene in " + dataset.root.string());
    CaseRequest r;
    r.id = id;
    r.on = s->on;
    r.off = s->off;
    r.labels = s->labels;
    r.k = float(s->meta.k);
    if (s->meta.clipLevel) r.clipLevel = float(*s->meta.clipLevel);
    if (dataset.evalSize) r.evalSize = std::make_pair(dataset.evalSize->width, dataset.evalSize->height);
    else {
        r.sceneEdits = sceneEditFiles(dataset, *s, dataset.models);
        r.pairFile = SizedFile{s->on, s->width, s->height};
    }
    r.params = params;
    r.input = dataset.inputPath(scene, id.task);
    if (const EditEntry* e = dataset.findEdit(scene, id.model.toStdString(), id.task)) {
        if (e->usable()) r.edit = *e->path;
        else r.editProblem = QString::fromStdString(e->problem.empty() ? "no edit" : e->problem);
    } else {
        r.editProblem = QStringLiteral("no edit for this model");
    }
    if (const EditEntry* d = dataset.findEdit(scene, "do_nothing", id.task); d && d->usable()) r.doNothingEdit = *d->path;
    return r;
}

QString paramsKey(const MetricParams& p) {
    QByteArray b;
    auto add = [&](double v) { b.append(QByteArray::number(v, 'g', 17)).append(','); };
    auto addOptional = [&](const auto& v) {
        if (v) add(double(*v));
        else b.append("none,");
    };
    add(p.lowSignalSigmaFraction); add(p.lowSignalTruncate); add(p.lowSignalFraction); add(p.lowSignalPercentile);
    add(int(p.blurMethod)); add(p.editClipCode); addOptional(p.editClipLevel); add(p.madFloor);
    add(p.nullWhenRealDegenerate); add(p.lfeGradientPercentile); add(double(p.minRegionPixels));
    for (double e : p.bandEdgesPercent) add(e);
    add(p.computeClassic); add(p.ssimSigma); add(p.ssimTruncate); add(p.ssimK1); add(p.ssimK2);
    return QString::fromLatin1(QCryptographicHash::hash(b, QCryptographicHash::Sha1).toHex().left(12));
}

} // namespace ll::ui
