// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#pragma once

#include "app/document/language.h"
#include "app/gui/main_window.h"
#include "app/gui/settings.h"

#include "core/io/catalog_reader.h"
#include "core/io/scenario_reader.h"

#include "widgets/common/value_slider.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>

#include <algorithm>
#include <cstdint>
#include <memory>

// A main window on the built-in default scenario (Llama 3.1 70B on 8 DGX H100), shown offscreen,
// with settings of its own.
class GuiTest : public ::testing::Test {
public:
    // Installing a translator posts LanguageChange; the window rebuilds itself in a queued call,
    // the rebuilt widgets show in another, and the views draw once shown and sized: a few rounds.
    static void switchLanguage(const QString& language)
    {
        paraplan::app::installLanguage(language);
        for (int round = 0; round < 6; ++round)
            QApplication::processEvents();
    }

    // Moves the slider to `value`, as a drag that ends there would.
    static void moveTo(paraplan::widgets::ValueSlider* slider, int64_t value)
    {
        const auto& values = slider->values();
        const auto it = std::find(values.begin(), values.end(), value);
        ASSERT_NE(it, values.end()) << "value " << value << " not offered";
        slider->moveToIndex(int(it - values.begin()));
    }

protected:
    void SetUp() override
    {
        const QString store = QString::fromLatin1(::testing::UnitTest::GetInstance()->current_test_info()->name());
        QSettings(QStringLiteral("ParaPlan-test"), store).clear(); // nothing from an earlier run
        settings = std::make_unique<paraplan::app::Settings>(QStringLiteral("ParaPlan-test"), store);
        window = std::make_unique<paraplan::app::MainWindow>(*settings);
        window->newDocument(defaultScenario());
        window->resize(1600, 900);
        window->show();
        QApplication::processEvents();
    }
    void TearDown() override
    {
        window->undoStack()->setClean(); // no "save changes?" question on close
        window.reset();
        settings.reset();
        // The interface's language is the application's: one test switching to Chinese (the
        // monkey may end there) must not leave the tests after it in the same process reading it.
        paraplan::app::installLanguage(QStringLiteral("en"));
    }

    // A file of tests/data/advice (the advisor's, scaling's and sensitivity's cases), and its scenario.
    static QString adviceDataFile(const char* name)
    {
        return QStringLiteral(PARAPLAN_SOURCE_DIR "/tests/data/advice/") + QLatin1String(name);
    }
    static paraplan::Scenario adviceScenario(const char* name)
    {
        QFile file(adviceDataFile(name));
        EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name;
        return paraplan::io::readScenarioText(file.readAll().toStdString(), paraplan::io::builtinCatalog());
    }

    static paraplan::Scenario defaultScenario()
    {
        return paraplan::io::readScenarioText(paraplan::io::builtinDefaultScenarioText(), paraplan::io::builtinCatalog());
    }

    std::unique_ptr<paraplan::app::Settings> settings;
    std::unique_ptr<paraplan::app::MainWindow> window;
    QTemporaryDir directory;
};
