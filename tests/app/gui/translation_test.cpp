// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "app/document/language.h"
#include "widgets/common/diagnostic_text.h"
#include "widgets/common/message_banner.h"
#include "widgets/view_deck.h"

#include <QAbstractButton>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QGroupBox>
#include <QLabel>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTabBar>
#include <QXmlStreamReader>

using namespace paraplan;

namespace {

struct TsMessage {
    QString source, translation, type;
};

std::vector<TsMessage> readTs(const QString& path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    QXmlStreamReader xml(&file);
    std::vector<TsMessage> messages;
    TsMessage current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("message"))
            current = {};
        else if (xml.isStartElement() && xml.name() == QLatin1String("source"))
            current.source = xml.readElementText();
        else if (xml.isStartElement() && xml.name() == QLatin1String("translation")) {
            current.type = xml.attributes().value(QLatin1String("type")).toString();
            // Plural messages (%n) hold their forms in <numerusform> children.
            current.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements);
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message"))
            messages.push_back(current);
    }
    EXPECT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    return messages;
}

int placeholders(const QString& text, int n) { return int(text.count(QStringLiteral("%") + QString::number(n))); }

// Every text the user sees in a widget tree.
QStringList visibleTexts(QWidget* root)
{
    QStringList texts;
    for (QLabel* label : root->findChildren<QLabel*>())
        texts << label->text();
    for (QAbstractButton* button : root->findChildren<QAbstractButton*>())
        texts << button->text();
    for (QGroupBox* group : root->findChildren<QGroupBox*>())
        texts << group->title();
    for (QTabBar* tabs : root->findChildren<QTabBar*>())
        for (int i = 0; i < tabs->count(); ++i)
            texts << tabs->tabText(i);
    for (QMenu* menu : root->findChildren<QMenu*>()) {
        texts << menu->title();
        for (QAction* action : menu->actions())
            texts << action->text();
    }
    return texts;
}

} // namespace

TEST(Translations, ChineseCoversEveryStringWithItsPlaceholders)
{
    const std::vector<TsMessage> messages = readTs(QStringLiteral(PARAPLAN_SOURCE_DIR "/translations/paraplan_zh_CN.ts"));
    ASSERT_GT(messages.size(), 250u);
    for (const TsMessage& m : messages) {
        EXPECT_NE(m.type, QStringLiteral("unfinished")) << m.source.toStdString();
        EXPECT_FALSE(m.translation.isEmpty()) << m.source.toStdString();
        for (int n = 1; n <= 9; ++n)
            EXPECT_EQ(placeholders(m.translation, n), placeholders(m.source, n))
                << "%" << n << " in: " << m.source.toStdString() << " -> " << m.translation.toStdString();
    }
}

// QString::arg fills the lowest-numbered placeholder first: a sentence with %1 and %3 but no %2
// would put its second figure where its third belongs, in every language.
TEST(Translations, EverySentenceNumbersItsPlaceholdersWithoutAGap)
{
    for (const TsMessage& m : readTs(QStringLiteral(PARAPLAN_SOURCE_DIR "/translations/paraplan_zh_CN.ts"))) {
        int highest = 0;
        for (int n = 1; n <= 9; ++n)
            if (placeholders(m.source, n) > 0)
                highest = n;
        for (int n = 1; n <= highest; ++n)
            EXPECT_GT(placeholders(m.source, n), 0) << "%" << n << " missing in: " << m.source.toStdString();
    }
}

TEST(Translations, EveryDiagnosticCodeOfTheCoreHasATitle)
{
    // The codes as the core writes them: checker.error("code", ...), makeDiagnostic(severity, "code", ...).
    const QRegularExpression code(
        QString::fromLatin1(R"re((?:error|warning|count|positive)\(\s*"([a-z0-9_]+)"|Severity::\w+,\s*"([a-z0-9_]+)")re"));
    QStringList codes;
    for (QDirIterator it(QStringLiteral(PARAPLAN_SOURCE_DIR "/core"), { QStringLiteral("*.h"), QStringLiteral("*.cpp") },
                         QDir::Files, QDirIterator::Subdirectories);
         it.hasNext();) {
        QFile file(it.next());
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << file.fileName().toStdString();
        const QString source = QString::fromUtf8(file.readAll());
        for (auto it = code.globalMatch(source); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            codes << (m.captured(1).isEmpty() ? m.captured(2) : m.captured(1));
        }
    }
    codes.removeDuplicates();
    EXPECT_GT(codes.size(), 50);
    for (const QString& c : codes) {
        Diagnostic d;
        d.code = c.toStdString();
        EXPECT_NE(widgets::diagnosticTitle(d), c) << "no title for " << d.code;
    }
}

TEST_F(GuiTest, TheInterfaceSwitchesToChineseLiveAndBack)
{
    ASSERT_TRUE(app::installLanguage(QStringLiteral("zh_CN")));
    QApplication::processEvents(); // the window rebuilds itself on LanguageChange
    QApplication::processEvents();
    const QStringList texts = visibleTexts(window.get());
    EXPECT_TRUE(texts.contains(QStringLiteral("文件(&F)")));
    // No English sentence is left: two lowercase English words in a row would be one.
    const QRegularExpression english(QStringLiteral("\\b[a-z]{3,} [a-z]{3,}\\b"));
    const QRegularExpression markup(QStringLiteral("<[^>]*>|&\\w+;")); // rich-text labels: only the words count
    for (QString text : texts)
        EXPECT_FALSE(english.match(text.remove(markup)).hasMatch()) << "untranslated: " << text.toStdString();
    app::installLanguage(QStringLiteral("en"));
    QApplication::processEvents();
    QApplication::processEvents();
    EXPECT_TRUE(visibleTexts(window.get()).contains(QStringLiteral("&File")));
}

// The interface is rebuilt for a new language: what it said about the work must come back with it
// (the monkey test found the banner of an invalid scenario lost on the way).
TEST_F(GuiTest, ASwitchOfLanguageKeepsTheBannerOfAnInvalidScenario)
{
    Scenario broken = window->workbench()->scenario();
    broken.training.globalBatch = 255;
    window->workbench()->setScenario(broken);
    window->deck()->showView(widgets::ViewId::Landscape);
    ASSERT_TRUE(window->banner()->isVisible());
    switchLanguage(QStringLiteral("zh_CN"));
    EXPECT_TRUE(window->banner()->isVisible());
    EXPECT_TRUE(window->banner()->text().contains(QStringLiteral("255")));
    switchLanguage(QStringLiteral("en"));
    EXPECT_TRUE(window->banner()->isVisible());
}
