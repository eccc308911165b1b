// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/headless.h"

#include "app/gui/launch_files_dialog.h"
#include "app/gui/main_window.h"

#include "app/report/text_report.h"
#include "widgets/common/file_writing.h"
#include "widgets/plots/plan_view.h"
#include "widgets/plots/scaling_view.h"

#include "core/explore/search.h"
#include "core/explore/uncertainty.h"
#include "core/io/bands_json.h"
#include "core/run/goodput.h"
#include "core/step/evaluator.h"

#include <QApplication>
#include <QDir>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <memory>

namespace paraplan::app {

using namespace paraplan::widgets;

void waitForLandscape(MainWindow& window)
{
    Workbench* workbench = window.workbench();
    workbench->requestLandscape();
    if (workbench->landscape())
        return;
    QEventLoop loop;
    QObject::connect(workbench, &Workbench::landscapeAvailable, &loop, &QEventLoop::quit);
    QTimer::singleShot(120000, &loop, &QEventLoop::quit); // never hang a headless run
    loop.exec();
}

void pinBestIfNothingPinned(MainWindow& window)
{
    Workbench* workbench = window.workbench();
    if (workbench->pinned() || !workbench->evaluation())
        return;
    const Scenario current = workbench->scenario();
    Scenario open = current;
    open.pins = ParallelPins{};
    SearchOptions options;
    options.topK = 1;
    options.calibration = workbench->calibration();
    const SearchResult best = searchConfigurations(open, options);
    if (best.best.empty())
        return;
    const ParallelSpec& p = best.best.front().result.parallel;
    Scenario fastest = current;
    applyCandidate(fastest, { .degrees = p.degrees,
                              .microBatch = best.best.front().microBatch,
                              .zeroStage = p.zeroStage,
                              .recompute = p.recompute,
                              .recomputeModules = p.recomputeModules,
                              .sequenceParallel = p.sequenceParallel,
                              .moeDispatcher = p.moeDispatcher,
                              .schedule = p.schedule,
                              .endTrim = std::nullopt });
    fastest.parallel.layersPerStage = p.layersPerStage; // lighter ends, where the search found them faster
    workbench->setScenario(fastest);
    workbench->pinCurrent();
    workbench->setScenario(current);
}

namespace {

QString pathFor(const QString& path, const QString& viewKey)
{
    const QFileInfo info(path);
    return info.dir().filePath(info.completeBaseName() + QLatin1Char('-') + viewKey + QStringLiteral(".png"));
}

bool render(MainWindow& window, ViewId id, const QString& path)
{
    if (id == ViewId::Landscape)
        waitForLandscape(window);
    if (id == ViewId::Compare)
        pinBestIfNothingPinned(window);
    if (id == ViewId::Scaling) // computed off the GUI thread when shown: here, before the picture
        window.deck()->scaling()->computeNow();
    if (id == ViewId::Plan)
        window.deck()->plan()->computeNow();
    window.deck()->showView(id);
    for (int i = 0; i < 3; ++i) // layout, then the redraws it queues
        QApplication::processEvents();
    return widgets::writeWholeFileWith(path, [&](const QString& partial) { return window.grab().save(partial, "PNG"); });
}

} // namespace

QStringList renderScreenshots(MainWindow& window, const QString& path, const QString& viewKey,
                              const std::optional<QSize>& size)
{
    if (size)
        window.resize(*size);
    window.show();
    QApplication::processEvents();
    QStringList written;
    if (viewKey == QLatin1String("all")) {
        for (ViewId id : kViewIds) {
            const QString file = pathFor(path, ViewDeck::key(id));
            if (!render(window, id, file))
                return {};
            written << file;
        }
        return written;
    }
    if (render(window, *ViewDeck::fromKey(viewKey), path))
        written << path;
    return written;
}

bool renderLaunchFilesDialog(MainWindow& window, const QString& formatName, const QString& path, QString* error)
{
    const std::optional<frameworks::ExportFormat> format = frameworks::exportFormatNamed(formatName.toStdString());
    if (!format) {
        if (error)
            *error = QStringLiteral("unknown export format %1").arg(formatName);
        return false;
    }
    std::unique_ptr<LaunchFilesDialog> dialog(window.makeLaunchFilesDialog());
    dialog->setFormat(*format);
    dialog->show();
    for (int i = 0; i < 3; ++i) // layout, then the redraws it queues
        QApplication::processEvents();
    return widgets::writeWholeFileWith(path, [&](const QString& partial) { return dialog->grab().save(partial, "PNG"); },
                                       error);
}

int writeReport(MainWindow& window, const QString& directory, const std::optional<QSize>& size)
{
    const Workbench* workbench = window.workbench();
    EvaluateOptions options;
    options.calibration = workbench->calibration();
    Result result = evaluate(workbench->scenario(), options);
    result.uncertainty = uncertaintyOf(workbench->scenario(), result, io::builtinUncertaintyBands(),
                                       options.calibration != nullptr);
    if (result.valid)
        result.goodput = goodputOf(workbench->scenario(), result);
    std::fputs(report::renderEvaluation(workbench->scenario(), result).c_str(), stdout);
    if (!result.valid)
        return 2;
    if (!QDir().mkpath(directory)) {
        std::fprintf(stderr, "paraplan: cannot create %s\n", qPrintable(directory));
        return 1;
    }
    const QStringList files = renderScreenshots(window, QDir(directory).filePath(QStringLiteral("paraplan.png")),
                                                QStringLiteral("all"), size);
    if (files.isEmpty()) {
        std::fprintf(stderr, "paraplan: cannot write the report images into %s\n", qPrintable(directory));
        return 1;
    }
    std::printf("\nReport images:\n");
    for (const QString& file : files)
        std::printf("  %s\n", qPrintable(QDir::current().relativeFilePath(file)));
    return 0;
}

} // namespace paraplan::app
