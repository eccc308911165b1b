// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "app/document/report_document.h"
#include "app/import/trace_files.h"
#include "core/explore/advisor.h"
#include "core/step/evaluator.h"
#include "widgets/advice/finding_text.h"
#include "widgets/common/formatting.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>

using namespace paraplan;
using namespace paraplan::app;

namespace {

// What a PDF says, as poppler's pdftotext reads it (the tool a user would check it with).
QString pdfText(const QString& path)
{
    QProcess process;
    process.start(QStringLiteral("pdftotext"), { QStringLiteral("-enc"), QStringLiteral("UTF-8"), path, QStringLiteral("-") });
    process.waitForFinished(30000);
    // The PDF keeps the font's ligature glyphs (fi, ffi), which pdftotext writes as their own
    // code points: read as the letters they join.
    QString text = QString::fromUtf8(process.readAllStandardOutput());
    const std::pair<QChar, const char*> ligatures[] = { { QChar(0xFB00), "ff" }, { QChar(0xFB01), "fi" }, { QChar(0xFB02), "fl" },
                                                        { QChar(0xFB03), "ffi" }, { QChar(0xFB04), "ffl" } };
    for (const auto& [glyph, letters] : ligatures)
        text.replace(glyph, QLatin1String(letters));
    return text;
}

QString pdfFonts(const QString& path)
{
    QProcess process;
    process.start(QStringLiteral("pdffonts"), { path });
    process.waitForFinished(30000);
    return QString::fromUtf8(process.readAllStandardOutput());
}

#define SKIP_WITHOUT_POPPLER()                                                                                   \
    if (QStandardPaths::findExecutable(QStringLiteral("pdftotext")).isEmpty())                                   \
    GTEST_SKIP() << "pdftotext (poppler-utils) is not installed; packaging/install-deps.sh installs it"

} // namespace

// The key figures a manager reads on page one are in the PDF as text, with the advisor's findings.
TEST_F(GuiTest, TheReportPdfCarriesItsKeyFiguresAndFindings)
{
    SKIP_WITHOUT_POPPLER();
    const Scenario s = adviceScenario("seed_pcie_swapped_ranks.json");
    const QString path = directory.filePath(QStringLiteral("report.pdf"));
    QString error;
    ASSERT_TRUE(writeReportFile({ s, std::nullopt, nullptr, {}, {}, {} }, path, &error)) << error.toStdString();
    QFile pdf(path);
    ASSERT_TRUE(pdf.open(QIODevice::ReadOnly));
    EXPECT_TRUE(pdf.read(5).startsWith("%PDF-"));
    const QString text = pdfText(path);
    const Result r = evaluate(s, {});
    for (const QString& expected : { QStringLiteral("Summary"), widgets::formatSeconds(r.time.step), widgets::formatPercent(r.mfu),
                                     QStringLiteral("Efficiency report"), QStringLiteral("theoretical minimum"),
                                     QStringLiteral("Next actions"), QStringLiteral("Appendix"),
                                     widgets::findingTitle("tp_group_on_shared_link"), QStringLiteral("page 1 of") })
        EXPECT_TRUE(text.contains(expected)) << expected.toStdString();
    EXPECT_TRUE(pdfFonts(path).contains(QStringLiteral("yes"))); // fonts embedded
}

// The seed's 44.7 % against 30.4 %: a profiler trace's idle per stage beside the predicted bubble.
TEST_F(GuiTest, TheReportHoldsAProfilerTracesIdleAgainstThePredictedBubble)
{
    const QString traces = QStringLiteral(PARAPLAN_SOURCE_DIR "/tests/data/traces/");
    QFile scenarioFile(traces + QStringLiteral("tiny_pp4.json"));
    ASSERT_TRUE(scenarioFile.open(QIODevice::ReadOnly));
    ReportInputs inputs{ io::readScenarioText(scenarioFile.readAll().toStdString(), io::builtinCatalog()), std::nullopt, nullptr, {}, {}, {} };
    for (int rank = 0; rank < 4; ++rank)
        inputs.measuredTrace.push_back(
            import::readMeasuredTrace((traces + QStringLiteral("pp4_slow_norms/rank%1.pt.trace.json").arg(rank)).toStdString()));
    const QString path = directory.filePath(QStringLiteral("traced.html"));
    QString error;
    ASSERT_TRUE(writeReportFile(inputs, path, &error)) << error.toStdString();
    QFile html(path);
    ASSERT_TRUE(html.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(html.readAll());
    EXPECT_TRUE(text.contains(QStringLiteral("Measured in the profiler trace"))) << text.toStdString().substr(0, 2000);
    EXPECT_FALSE(text.contains(QStringLiteral("No measurement loaded")));
}

TEST_F(GuiTest, TheReportComparesWithAPinnedConfigurationAndWritesHtml)
{
    const Scenario b = adviceScenario("seed_pcie_swapped_ranks.json");
    Scenario a = b;
    a.parallel.placement.table.reset();
    const QString path = directory.filePath(QStringLiteral("report.html"));
    QString error;
    ASSERT_TRUE(writeReportFile({ b, a, nullptr, {}, {}, {} }, path, &error)) << error.toStdString();
    QFile html(path);
    ASSERT_TRUE(html.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(html.readAll());
    EXPECT_TRUE(text.startsWith(QStringLiteral("<!DOCTYPE html>")));
    EXPECT_GE(text.count(QStringLiteral("src=\"data:image/png;base64,")), 4); // the charts, inside the file
    EXPECT_TRUE(text.contains(QStringLiteral("Against")));
}

TEST_F(GuiTest, TheReportInChineseEmbedsACjkFont)
{
    SKIP_WITHOUT_POPPLER();
    switchLanguage(QStringLiteral("zh_CN"));
    const QString path = directory.filePath(QStringLiteral("report-zh.pdf"));
    QString error;
    ASSERT_TRUE(writeReportFile({ defaultScenario(), std::nullopt, nullptr, {}, {}, {} }, path, &error)) << error.toStdString();
    const QString text = pdfText(path);
    EXPECT_TRUE(text.contains(QStringLiteral("摘要"))) << text.left(400).toStdString(); // "Summary"
    EXPECT_TRUE(pdfFonts(path).contains(QStringLiteral("WenQuanYi"))) << pdfFonts(path).toStdString();
    switchLanguage(QStringLiteral("en"));
}

TEST_F(GuiTest, AReportOfAnInvalidScenarioOrAnUnknownFormatSaysWhy)
{
    Scenario s = defaultScenario();
    s.parallel.degrees.tp = 3;
    QString error;
    EXPECT_FALSE(writeReportFile({ s, std::nullopt, nullptr, {}, {}, {} }, directory.filePath(QStringLiteral("x.pdf")), &error));
    EXPECT_TRUE(error.contains(QStringLiteral("invalid"))) << error.toStdString();
    EXPECT_FALSE(writeReportFile({ defaultScenario(), std::nullopt, nullptr, {}, {}, {} }, directory.filePath(QStringLiteral("x.docx")),
                                 &error));
    EXPECT_TRUE(error.contains(QStringLiteral(".pdf or .html"))) << error.toStdString();
    EXPECT_FALSE(QFile::exists(directory.filePath(QStringLiteral("x.pdf"))));
}

TEST_F(GuiTest, FileExportReportWritesTheConfigurationOnShow)
{
    const QString path = directory.filePath(QStringLiteral("from-menu.html"));
    ASSERT_TRUE(window->exportReport(path));
    QFile html(path);
    ASSERT_TRUE(html.open(QIODevice::ReadOnly));
    EXPECT_TRUE(QString::fromUtf8(html.readAll()).contains(QString::fromStdString(defaultScenario().model.name)));
}
