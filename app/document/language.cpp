// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "app/document/language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QTranslator>

#include <memory>

namespace paraplan::app {

namespace {
std::unique_ptr<QTranslator>& ownTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}
std::unique_ptr<QTranslator>& qtTranslator()
{
    static std::unique_ptr<QTranslator> translator;
    return translator;
}
} // namespace

QString resolveLanguage(const QString& setting)
{
    if (!setting.isEmpty())
        return setting;
    return QLocale().name().startsWith(QLatin1String("zh")) ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

bool installLanguage(const QString& setting)
{
    const QString language = resolveLanguage(setting);
    for (auto* slot : { &ownTranslator(), &qtTranslator() })
        if (*slot) {
            QCoreApplication::removeTranslator(slot->get());
            slot->reset();
        }
    auto own = std::make_unique<QTranslator>();
    const bool loaded = own->load(QStringLiteral(":/i18n/paraplan_%1.qm").arg(language));
    if (loaded) {
        QCoreApplication::installTranslator(own.get());
        ownTranslator() = std::move(own);
    }
    auto qt = std::make_unique<QTranslator>();
    if (qt->load(QStringLiteral("qtbase_%1").arg(language), QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt.get());
        qtTranslator() = std::move(qt);
    }
    QLocale::setDefault(QLocale(language));
    return loaded;
}

} // namespace paraplan::app
