// The edit-score window on a generated material dataset: the score card, the anchors, the verdicts,
// the checks and the changed-region boxes equal what core/edit computes directly; every map the spec
// names is offered with its legend; bad input (no dataset, a corrupt image, a missing edit) gives one
// error line and no crash. With LIGHTLENS_SCREENSHOT_DIR set it also saves edit-scores-panel.png there.
#include "edit/MaterialTestDataset.h"

#include "edit/Anchors.h"
#include "edit/EditMapStyle.h"
#include "edit/EditScoreWindow.h"
#include "edit/Luminance.h"
#include "edit/MapLegend.h"
#include "edit/MapView.h"
#include "image/ImageIO.h"
#include "jobs/JobRunner.h"
#include "MainWindow.h"
#include "style/DarkTheme.h"
#include "support/TestSupport.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QComboBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

using namespace ll;
using namespace ll::test;
namespace fs = std::filesystem;

namespace {

const ColourConfig& colour() { return builtinColour(); }

// One task "sofa": mask.png, a blue fabric reference swatch. Models: "good" re-materials the mask
// keeping the shading; "sloppy" is the good edit shifted by 3 px with noise and a pasted square
// outside the mask (a changed region); "partial" has no edit of the task.
void writeDataset(const fs::path& root) {
    test::Scene s;
    const Image x = through8bit(s.render(), colour());
    const fs::path dir = root / "tasks" / "sofa";
    saveSrgbPng(x, dir / "input.png");
    savePng8(ellipseMask(x.width(), x.height(), 120, 100, 50, 35), dir / "mask.png");
    saveSrgbPng(blueFabricSwatch(), dir / "reference.png");
    writeBytes(dir / "task.json", nlohmann::json{{"material", "fabric"}, {"prompt", "make it blue fabric"}}.dump());
    const Image good = rematerialised(s, 120, 100, 50, 35);
    saveSrgbPng(good, root / "edits" / "good" / "sofa.png");
    Image sloppy = sloppyCopy(good, 9);
    for (int j = 150; j < 180; ++j)
        for (int i = 20; i < 60; ++i)
            for (int c = 0; c < 3; ++c) sloppy.at(i, j, c) = c == 0 ? 0.9f : 0.05f;
    saveSrgbPng(sloppy, root / "edits" / "sloppy" / "sofa.png");
    fs::create_directories(root / "edits" / "partial");
    saveSrgbPng(good, root / "edits" / "partial" / "other.png");
}

QString cellText(QTableWidget* t, int row, int col) {
    auto* i = t->item(row, col);
    return i ? i->text() : QString();
}

} // namespace

class TestEditPanel : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    fs::path root_;

    // Scores the task directly with core/edit, as the window should.
    struct Direct {
        edit::EditEvaluation model, identity, paste;
    };
    Direct direct(const std::string& model) const {
        const fs::path t = root_ / "tasks" / "sofa";
        const edit::EditCase c =
            edit::loadEditCase(t / "input.png", root_ / "edits" / model / "sofa.png", t / "mask.png", t / "reference.png", colour());
        Direct d;
        d.model = edit::evaluateEdit(c, colour());
        edit::EditCase a = c;
        a.edit = edit::identityEdit(c.input);
        d.identity = edit::evaluateEdit(a, colour());
        a.edit = edit::pasteEdit(c.input, *c.mask, *c.reference);
        d.paste = edit::evaluateEdit(a, colour());
        return d;
    }

    // Waits for the job's outcome however long a loaded machine takes; the cap only ends a hung job
    // inside CTest's 900 s timeout.
    static bool waitScored(QSignalSpy& ok, QSignalSpy& bad) {
        QElapsedTimer t;
        t.start();
        while (ok.isEmpty() && bad.isEmpty() && t.elapsed() < 600000) QTest::qWait(20);
        return !ok.isEmpty();
    }

    void checkAgainstCore(ui::EditScoreWindow& w, const std::string& model) {
        const Direct d = direct(model);
        QTableWidget* t = w.scoreTable();
        const edit::MaterialScores* all[] = {&d.model.scores, &d.identity.scores, &d.paste.scores};
        const char* names[] = {"preservation", "structure", "harmony", "material", "overall", "gate"};
        for (int row = 0; row < 6; ++row) {
            QCOMPARE(cellText(t, row, 0), QString(names[row]));
            for (int col = 0; col < 3; ++col) {
                const edit::MaterialScores& s = *all[col];
                const edit::Score* sc[] = {&s.preservation, &s.structure, &s.harmony, &s.material, &s.overall, &s.gate};
                QCOMPARE(cellText(t, row, 1 + col), ui::EditScoreWindow::formatScore(sc[row]->value));
                QVERIFY(sc[row]->value.has_value());
            }
            const edit::Score* sc[] = {&d.model.scores.preservation, &d.model.scores.structure, &d.model.scores.harmony,
                                       &d.model.scores.material,     &d.model.scores.overall,   &d.model.scores.gate};
            QCOMPARE(t->item(row, 4)->toolTip(), QString::fromStdString(sc[row]->measure));
            QCOMPARE(t->item(row, 5)->toolTip(), QString::fromStdString(sc[row]->paperMeasure));
        }
        // The learned scorers of the extension point: listed, honestly unavailable.
        QCOMPARE(t->rowCount(), 6 + int(d.model.learned.size()));
        QVERIFY(!d.model.learned.empty());
        for (int i = 0; i < int(d.model.learned.size()); ++i) {
            QVERIFY(cellText(t, 6 + i, 0).contains(QString::fromStdString(d.model.learned[std::size_t(i)].name)));
            QVERIFY(cellText(t, 6 + i, 1).startsWith("not available: no learned model configured"));
        }
        // Verdicts per dimension with the paper's labels.
        const auto& u = d.model.changes;
        QCOMPARE(w.verdictTable()->rowCount(), int(u.verdicts.size()));
        for (int i = 0; i < int(u.verdicts.size()); ++i) {
            const auto& v = u.verdicts[std::size_t(i)];
            QCOMPARE(cellText(w.verdictTable(), i, 0), QString::fromStdString(v.dimension));
            QCOMPARE(cellText(w.verdictTable(), i, 1), QString(v.consistent ? "Yes" : "No"));
            QStringList labels;
            for (const auto& p : v.problems) labels << QString::fromStdString(p);
            QCOMPARE(cellText(w.verdictTable(), i, 2), v.consistent ? QString("NULL") : labels.join(", "));
        }
        QCOMPARE(w.checkTable()->rowCount(), int(u.checks.size()));
        for (int i = 0; i < int(u.checks.size()); ++i) {
            const auto& c = u.checks[std::size_t(i)];
            QCOMPARE(cellText(w.checkTable(), i, 0), QString::fromStdString(c.name));
            QCOMPARE(cellText(w.checkTable(), i, 2), c.value ? QString::number(*c.value, 'g', 4) : QString("—"));
            QCOMPARE(cellText(w.checkTable(), i, 3), QString(c.flagged ? "flagged" : "no"));
        }
        QCOMPARE(w.candidateTable()->rowCount(), int(u.candidates.size()));
        // The maps the spec names are offered, and the change map carries one box per component.
        for (const char* key : {"ssim", "structure", "harmony_ring", "local_shift", "fine_ncc", "change"})
            QVERIFY2(w.mapChooser()->findData(QString(key)) >= 0, key);
        QVERIFY(w.showMap("change"));
        QCOMPARE(int(w.mapView()->boxes().size()), int(u.candidates.size()));
        for (std::size_t i = 0; i < u.candidates.size(); ++i) {
            const auto& c = u.candidates[i];
            QCOMPARE(w.mapView()->boxes()[i].rect, QRect(QPoint(c.x0, c.y0), QPoint(c.x1, c.y1)));
        }
        QCOMPARE(w.mapView()->image().size(), QSize(d.model.width, d.model.height));
        // The shown map is the core's map on its fixed range.
        const auto* style = ui::editMapStyle("fine_ncc");
        QVERIFY(w.showMap("fine_ncc"));
        QCOMPARE(w.mapView()->image(), ui::mapImage(u.maps.at("fine_ncc"), *style));
        QCOMPARE(w.legend()->meaning(), style->meaning);
        QVERIFY(w.showMap("harmony_ring"));
        QVERIFY(w.legend()->meaning().contains(QString::number(d.model.scores.ringPixels)));
        QVERIFY(w.errorText().isEmpty());
    }

private Q_SLOTS:
    void initTestCase() {
        // Screenshots for the docs use the application's theme.
        if (!qgetenv("LIGHTLENS_SCREENSHOT_DIR").isEmpty()) ui::applyDarkTheme(*qApp);
        root_ = fs::path(tmp_.path().toStdString()) / "matdata";
        writeDataset(root_);
    }

    void scoresEqualCore() {
        ui::JobRunner runner;
        ui::EditScoreWindow w(&runner);
        w.resize(1500, 900);
        w.show();
        QSignalSpy ok(&w, &ui::EditScoreWindow::scored), bad(&w, &ui::EditScoreWindow::failed);
        w.openDataset(QString::fromStdString(root_.string()));
        QVERIFY(w.busy());
        QVERIFY2(waitScored(ok, bad), qPrintable(w.errorText()));
        QCOMPARE(w.taskChooser()->count(), 1);
        QCOMPARE(w.modelChooser()->count(), 3);
        QCOMPARE(w.modelChooser()->currentText(), QString("good"));
        checkAgainstCore(w, "good");

        ok.clear();
        w.modelChooser()->setCurrentIndex(w.modelChooser()->findText("sloppy"));
        QVERIFY2(waitScored(ok, bad), qPrintable(w.errorText()));
        QCOMPARE(w.result()->model, std::string("sloppy"));
        checkAgainstCore(w, "sloppy");
        // The sloppy edit is flagged (shifted, noisy, a square pasted outside the mask).
        QVERIFY(!w.result()->evaluation.changes.candidates.empty());

        if (const QByteArray shots = qgetenv("LIGHTLENS_SCREENSHOT_DIR"); !shots.isEmpty()) {
            w.showMap("change");
            QTest::qWait(100);
            QVERIFY(w.grab().save(QString::fromLocal8Bit(shots) + "/edit-scores-panel.png"));
        }
    }

    void learnedScorerPlugsIn() {
        // A caller with a model registers it; the card then shows its value beside the classical score.
        struct MeanBrightness final : edit::LearnedScorer {
            std::string name() const override { return "lpips"; }
            std::string replaces() const override { return "preservation"; }
            std::string description() const override { return "test scorer: mean of the edit's red channel"; }
            bool available() const override { return true; }
            std::optional<double> score(const edit::EditCase& c) const override {
                double s = 0;
                for (int y = 0; y < c.edit.height(); ++y)
                    for (int x = 0; x < c.edit.width(); ++x) s += c.edit.at(x, y, 0);
                return s / (double(c.edit.width()) * c.edit.height());
            }
        };
        auto registry = std::make_shared<edit::LearnedScorerRegistry>(edit::paperLearnedScorers());
        registry->add(std::make_shared<MeanBrightness>());
        ui::JobRunner runner;
        ui::EditScoreWindow w(&runner);
        w.setLearnedScorers(registry);
        QSignalSpy ok(&w, &ui::EditScoreWindow::scored), bad(&w, &ui::EditScoreWindow::failed);
        w.openDataset(QString::fromStdString(root_.string()));
        QVERIFY2(waitScored(ok, bad), qPrintable(w.errorText()));
        const auto& learned = w.result()->evaluation.learned;
        int found = 0;
        for (int i = 0; i < int(learned.size()); ++i) {
            const QString text = cellText(w.scoreTable(), 6 + i, 1);
            if (learned[std::size_t(i)].available) {
                ++found;
                QCOMPARE(learned[std::size_t(i)].name, std::string("lpips"));
                QVERIFY2(text.startsWith(ui::EditScoreWindow::formatScore(MeanBrightness().score(
                             edit::loadEditCase(root_ / "tasks/sofa/input.png", root_ / "edits/good/sofa.png", {}, {}, colour())))),
                         qPrintable(text));
            } else {
                QVERIFY(text.startsWith("not available: no learned model configured"));
            }
        }
        QCOMPARE(found, 1);
    }

    void reachableFromTheMainWindow() {
        ui::MainWindow mw;
        ui::EditScoreWindow* w = mw.openEditScores(QString::fromStdString(root_.string()));
        QVERIFY(w);
        QSignalSpy ok(w, &ui::EditScoreWindow::scored), bad(w, &ui::EditScoreWindow::failed);
        QVERIFY2(waitScored(ok, bad), qPrintable(w->errorText()));
        QCOMPARE(mw.openEditScores(), w); // raised, not opened twice
        QVERIFY(mw.openValidation());
        QCOMPARE(mw.openValidation(), mw.openValidation());
        bool tools = false;
        for (QAction* a : mw.actions()) tools |= a->text().contains("Validate metric against judgements");
        QVERIFY(tools);
    }

    void progressAndCancel() {
        ui::JobRunner runner;
        ui::EditScoreWindow w(&runner);
        QSignalSpy ok(&w, &ui::EditScoreWindow::scored), bad(&w, &ui::EditScoreWindow::failed),
            cancelled(&w, &ui::EditScoreWindow::cancelled);
        QVERIFY(!w.cancelButton()->isEnabled());
        w.openDataset(QString::fromStdString(root_.string()));
        QVERIFY(w.cancelButton()->isEnabled());
        QVERIFY2(waitScored(ok, bad), qPrintable(w.errorText()));
        // Every stage was reported (the paste anchor too: the task has a mask and a reference).
        QVERIFY(w.result()->paste.has_value());
        QCOMPARE(w.progressBar()->maximum(), ui::kEditScoreStages);
        QCOMPARE(w.progressBar()->value(), ui::kEditScoreStages);
        QVERIFY(!w.cancelButton()->isEnabled());

        // Cancel a run under way: the window keeps the scores on screen and no result arrives.
        const ui::EditScorePtr kept = w.result();
        ok.clear();
        w.scoreEdit("sofa", "sloppy");
        QVERIFY(w.busy());
        QVERIFY(w.cancelButton()->isEnabled());
        w.cancelButton()->click();
        QCOMPARE(cancelled.size(), 1);
        QVERIFY(!w.busy());
        QVERIFY(!w.cancelButton()->isEnabled());
        QVERIFY2(w.statusText().startsWith("Cancelled; the scores shown are those of sofa / good"), qPrintable(w.statusText()));
        QTRY_COMPARE_WITH_TIMEOUT(runner.activeJobs(), 0, 600000);
        QCoreApplication::processEvents();
        QCOMPARE(ok.size(), 0);
        QCOMPARE(bad.size(), 0);
        QCOMPARE(w.result(), kept);
    }

    void badInputGivesOneErrorLine() {
        ui::JobRunner runner;
        ui::EditScoreWindow w(&runner);
        QSignalSpy ok(&w, &ui::EditScoreWindow::scored), bad(&w, &ui::EditScoreWindow::failed);

        // Not a material dataset.
        const fs::path empty = fs::path(tmp_.path().toStdString()) / "empty";
        fs::create_directories(empty);
        w.openDataset(QString::fromStdString(empty.string()));
        QVERIFY(!waitScored(ok, bad));
        QCOMPARE(bad.size(), 1);
        QVERIFY(!w.errorText().isEmpty());
        QVERIFY(!w.errorText().contains('\n'));
        QVERIFY2(w.errorText().contains(QString::fromStdString(empty.string())), qPrintable(w.errorText()));
        QVERIFY(!w.busy());

        // A missing edit.
        bad.clear();
        w.openDataset(QString::fromStdString(root_.string()));
        QVERIFY(waitScored(ok, bad));
        ok.clear();
        w.modelChooser()->setCurrentIndex(w.modelChooser()->findText("partial"));
        QVERIFY(!waitScored(ok, bad));
        QVERIFY2(w.errorText().contains("missing edit"), qPrintable(w.errorText()));
        QVERIFY(!w.errorText().contains('\n'));

        // A corrupt input image.
        const fs::path broken = fs::path(tmp_.path().toStdString()) / "broken";
        fs::create_directories(broken / "tasks" / "t");
        fs::create_directories(broken / "edits" / "m");
        writeBytes(broken / "tasks" / "t" / "input.png", "\x89PNG\r\n\x1a\n not really a png");
        writeBytes(broken / "edits" / "m" / "t.png", "garbage");
        ok.clear();
        bad.clear();
        w.openDataset(QString::fromStdString(broken.string()));
        QVERIFY(!waitScored(ok, bad));
        QCOMPARE(bad.size(), 1);
        QVERIFY2(w.errorText().contains("input.png") || w.errorText().contains("t.png"), qPrintable(w.errorText()));
        QVERIFY(!w.errorText().contains('\n'));
    }
};

QTEST_MAIN(TestEditPanel)
#include "test_edit_panel.moc"
