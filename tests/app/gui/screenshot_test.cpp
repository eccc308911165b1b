// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "tests/widgets/gui_fixture.h"

#include "app/gui/headless.h"
#include "widgets/view_deck.h"

#include <QImage>
#include <QSet>

using namespace paraplan;

namespace {
// A rendered view is not blank: it has many colours and ink in most of its area.
void expectDrawn(const QString& path)
{
    const QImage image(path);
    ASSERT_FALSE(image.isNull()) << path.toStdString();
    QSet<QRgb> colours;
    int inked = 0, samples = 0;
    for (int y = 0; y < image.height(); y += 7)
        for (int x = 0; x < image.width(); x += 7) {
            const QRgb pixel = image.pixel(x, y);
            colours.insert(pixel);
            inked += qGray(pixel) < 200 ? 1 : 0;
            ++samples;
        }
    EXPECT_GT(colours.size(), 60) << path.toStdString();
    EXPECT_GT(inked, samples / 50) << path.toStdString();
}
} // namespace

TEST_F(GuiTest, EveryViewRendersANonBlankScreenshot)
{
    const QStringList files = app::renderScreenshots(*window, directory.filePath(QStringLiteral("shot.png")),
                                                     QStringLiteral("all"), QSize(1280, 720));
    ASSERT_EQ(files.size(), int(widgets::kViewIds.size()));
    EXPECT_TRUE(files.contains(directory.filePath(QStringLiteral("shot-topology.png")))); // the editor, too
    for (const QString& file : files) {
        expectDrawn(file);
        EXPECT_EQ(QImage(file).size(), QSize(1280, 720));
    }
}
