// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/gui/appearance.h"
#include "app/gui/command_line.h"
#include "app/gui/headless.h"
#include "app/gui/interaction_benchmark.h"
#include "app/document/language.h"
#include "app/gui/main_window.h"
#include "app/gui/settings.h"
#include "widgets/advice/advisor_panel.h"
#include "widgets/engine/session.h"
#include "widgets/plots/plan_view.h"
#include "widgets/view_deck.h"

#include "core/explore/symptoms.h"
#include "core/io/catalog_reader.h"
#include "core/spec/version.h"
#include "core/io/scenario_reader.h"

#include <QApplication>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QGuiApplication>

#include <cstdio>
#include <cstdlib>
#include <optional>

namespace {

// No window system to show a window on: the main job then prints and writes images instead.
bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || (!qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qgetenv("QT_QPA_PLATFORM") != "offscreen");
}

// Unsaved work of a session that crashed or was killed: back, or gone, as the user says.
void offerRecovery(paraplan::app::MainWindow& window)
{
    const QString found = window.foundRecovery();
    if (found.isEmpty())
        return;
    const QString when = QLocale().toString(QFileInfo(found).lastModified(), QLocale::ShortFormat);
    const auto answer = QMessageBox::question(
        &window, QCoreApplication::translate("Recovery", "Restore unsaved work?"),
        QCoreApplication::translate("Recovery", "ParaPlan did not close normally last time. Its unsaved work from %1 "
                                                "was kept. Restore it?")
            .arg(when),
        QMessageBox::Yes | QMessageBox::Discard, QMessageBox::Yes);
    if (answer == QMessageBox::Yes)
        window.restoreRecovery();
    else
        window.declineRecovery();
}

} // namespace

int main(int argc, char** argv)
{
    using namespace paraplan::app;
    const bool display = hasDisplay();
    if ((wantsOffscreen(argc, argv) || !display) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("ParaPlan"));
    QApplication::setOrganizationName(QStringLiteral("ParaPlan"));
    QApplication::setApplicationVersion(QString::fromLatin1(paraplan::kVersion));

    CommandLine options = parseCommandLine(app);
    if (!options.error.isEmpty()) {
        std::fprintf(stderr, "paraplan: %s\n", qPrintable(options.error));
        return 1;
    }
    if (!display && !options.headless()) // the main job without a screen
        options.reportDirectory = QStringLiteral("paraplan-report");

    // Runs without a window keep their settings apart, so they are reproducible.
    Settings settings(QStringLiteral("ParaPlan"), options.headless() ? QStringLiteral("ParaPlan-headless") : QStringLiteral("ParaPlan"));
    installLanguage(options.language.isEmpty() ? (options.headless() ? QStringLiteral("en") : settings.language()) : options.language);
    applyTheme(options.dark || (!options.headless() && settings.darkTheme()));

    MainWindow window(settings);
    window.newDocument(paraplan::io::readScenarioText(paraplan::io::builtinDefaultScenarioText(), paraplan::io::builtinCatalog()));
    if (!options.input.isEmpty()) {
        QString error;
        if (!window.openDocument(options.input, &error) && options.headless()) {
            std::fprintf(stderr, "paraplan: %s\n", qPrintable(error));
            return 1;
        }
    }

    for (const QString& file : options.probeResults) {
        QString error;
        if (!window.engine()->importResults(file, &error) && options.headless()) {
            std::fprintf(stderr, "paraplan: %s\n", qPrintable(error));
            return 1;
        }
    }
    if (!options.measuredTraces.isEmpty()) {
        QString error;
        if (!window.importMeasuredTraces(options.measuredTraces, &error) && options.headless()) {
            std::fprintf(stderr, "paraplan: %s\n", qPrintable(error));
            return 1;
        }
    }
    for (const QString& file : options.imports) {
        QString error;
        if (!window.importFrameworkFile(file, &error) && options.headless()) {
            std::fprintf(stderr, "paraplan: %s\n", qPrintable(error));
            return 1;
        }
    }
    if (!options.calibration.isEmpty()) {
        QString error;
        if (!window.engine()->loadProfile(options.calibration, &error) && options.headless()) {
            std::fprintf(stderr, "paraplan: %s\n", qPrintable(error));
            return 1;
        }
    }

    if (!options.plan.isEmpty()) {
        QString error;
        if (!window.deck()->plan()->openPlanFile(options.plan, &error) && options.headless()) {
            std::fprintf(stderr, "paraplan: %s\n", qPrintable(error));
            return 1;
        }
    }
    if (!options.symptom.isEmpty())
        window.advisor()->chooseSymptom(paraplan::parseSymptom(options.symptom.toStdString()));
    if (options.finding > 0) {
        if (options.finding > int(window.advisor()->advice().findings.size())) {
            std::fprintf(stderr, "paraplan: --finding %d: the advisor has %zu finding(s) for this scenario\n", options.finding,
                         window.advisor()->advice().findings.size());
            if (options.headless())
                return 1;
        } else {
            window.advisor()->chooseFinding(options.finding - 1);
        }
    }

    // Offscreen there is no screen to size the window by; a real window keeps the size it opens at.
    const std::optional<QSize> renderSize = options.size ? options.size
        : QGuiApplication::platformName() == QLatin1String("offscreen") ? std::optional<QSize>(kDefaultRenderSize)
                                                                         : std::nullopt;
    if (!options.screenshot.isEmpty() && !options.launchFiles.isEmpty()) {
        QString error;
        if (!renderLaunchFilesDialog(window, options.launchFiles, options.screenshot, &error)) {
            std::fprintf(stderr, "paraplan: %s\n", qPrintable(error));
            return 1;
        }
        std::printf("%s\n", qPrintable(options.screenshot));
        return 0;
    }
    if (!options.screenshot.isEmpty()) {
        const QStringList files = renderScreenshots(window, options.screenshot, options.view, renderSize);
        for (const QString& file : files)
            std::printf("%s\n", qPrintable(file));
        return files.isEmpty() ? 1 : 0;
    }
    if (options.benchmarkMoves > 0) {
        if (renderSize)
            window.resize(*renderSize);
        window.show();
        const InteractionTimings t = benchmarkInteraction(window, options.benchmarkMoves);
        std::printf("slider moves: %zu (overview: memory, step time, timeline, bubble)\nchange to last replot: median "
                    "%.2f ms, p95 %.2f ms\n",
                    t.milliseconds.size(), t.median, t.p95);
        return 0;
    }
    if (!options.reportDirectory.isEmpty())
        return writeReport(window, options.reportDirectory, renderSize);

    window.show();
    offerRecovery(window);
    return QApplication::exec();
}
