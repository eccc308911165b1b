// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/common/uncertainty_text.h"

#include "core/explore/uncertainty.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>

namespace paraplan::widgets {

namespace {

// The translation context of these free functions (lupdate files their strings under it).
struct Uncertainty {
    Q_DECLARE_TR_FUNCTIONS(Uncertainty)
};

// The regime's precision, scale and pipeline depth in the interface's language.
QString dimensionsText(const BandRegime& regime)
{
    QStringList parts;
    for (const char* part : regimeWords(regime))
        parts << QCoreApplication::translate("Uncertainty", part);
    return parts.join(QStringLiteral(" · "));
}

} // namespace

QString bandBasisText(const StepUncertainty& u, double predictedStepS)
{
    QString text = Uncertainty::tr("From %1 published runs the model was not fitted on (%2): 80 % of them fell inside "
                                   "such a band.")
                       .arg(u.runs)
                       .arg(dimensionsText(u.regime));
    if (u.regime != u.own)
        text += QLatin1Char(' ')
            + Uncertainty::tr("This configuration's own regime (%1) has %2 runs, fewer than the %3 a band needs.")
                  .arg(dimensionsText(u.own))
                  .arg(u.ownRuns)
                  .arg(kMinBandRuns);
    if (u.regime.calibrated)
        text += QLatin1Char(' ')
            + Uncertainty::tr("Calibrated: no published run was, so the band assumes the calibration removes half the "
                              "variance (the spread narrowed by %1).")
                  .arg(QLocale().toString(kCalibratedSpreadFactor, 'f', 2));
    switch (bandSide(u, predictedStepS)) {
    case BandSide::AbovePrediction:
        text += QLatin1Char(' ')
            + Uncertainty::tr("The model was too fast on most of these runs, so the band lies above its prediction: expect "
                              "a longer step than predicted.");
        break;
    case BandSide::BelowPrediction:
        text += QLatin1Char(' ')
            + Uncertainty::tr("The model was too slow on most of these runs, so the band lies below its prediction: "
                              "expect a shorter step than predicted.");
        break;
    case BandSide::AroundPrediction:
        break;
    }
    return text;
}

} // namespace paraplan::widgets
