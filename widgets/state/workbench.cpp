// SPDX-FileCopyrightText: 2026 ParaPlan developers
// SPDX-License-Identifier: MIT
#include "widgets/state/workbench.h"

#include "core/io/bands_json.h"
#include "core/network/calibration.h"

#include <QPointer>
#include <QThreadPool>

namespace paraplan::widgets {

Workbench::Workbench(QObject* parent)
    : QObject(parent)
{
    qRegisterMetaType<EvaluationPtr>();
    qRegisterMetaType<LandscapePtr>();
    qRegisterMetaType<CalibrationPtr>();
}

Workbench::~Workbench() { cancelLandscape(); }

void Workbench::setScenario(const Scenario& scenario)
{
    m_scenario = scenario;
    Q_EMIT scenarioChanged(m_scenario);
    evaluateCurrent();
    if ((m_landscape || m_landscapeCancel) && landscapeInputs(scenario) != m_landscapeInputs) {
        forgetLandscape(); // stale: it belongs to another model, cluster or batch
        Q_EMIT landscapeAvailable(m_landscape);
    }
}

void Workbench::evaluateCurrent()
{
    EvaluationPtr evaluation = evaluateForViews(m_scenario, m_calibration);
    m_current = evaluation;
    if (evaluation->result.valid) {
        m_evaluation = std::move(evaluation);
        Q_EMIT evaluationAvailable(m_evaluation);
    } else {
        Q_EMIT evaluationRejected(evaluation);
    }
}

void Workbench::setCalibration(CalibrationPtr calibration)
{
    if (calibration == m_calibration)
        return;
    m_calibration = std::move(calibration);
    Q_EMIT calibrationChanged(m_calibration);
    if (m_pinned) { // A and B must be priced alike, or the comparison explains the calibration
        m_pinned = evaluateForViews(m_pinned->scenario, m_calibration);
        Q_EMIT pinnedChanged(m_pinned);
    }
    evaluateCurrent();
    const bool landscapeWanted = m_landscape || m_landscapeCancel;
    forgetLandscape(); // a landscape still on its way was priced without it
    if (landscapeWanted) {
        Q_EMIT landscapeAvailable(m_landscape);
        requestLandscape();
    }
}

void Workbench::pinCurrent()
{
    if (!m_evaluation)
        return;
    m_pinned = m_evaluation;
    Q_EMIT pinnedChanged(m_pinned);
}

void Workbench::clearPin()
{
    m_pinned.reset();
    Q_EMIT pinnedChanged(m_pinned);
}

void Workbench::cancelLandscape()
{
    if (m_landscapeCancel)
        m_landscapeCancel->store(true);
    m_landscapeCancel.reset();
}

void Workbench::forgetLandscape()
{
    cancelLandscape();
    m_landscape.reset();
    m_landscapeInputs.reset();
    ++m_landscapeGeneration;
}

void Workbench::stopLandscape()
{
    if (!m_landscapeCancel)
        return;
    forgetLandscape();
    Q_EMIT landscapeStopped();
}

void Workbench::requestLandscape()
{
    Scenario inputs = landscapeInputs(m_scenario);
    if ((m_landscape || m_landscapeCancel) && m_landscapeInputs == inputs)
        return; // known, or being computed
    forgetLandscape();
    m_landscapeInputs = std::move(inputs);
    const uint64_t generation = ++m_landscapeGeneration;
    auto cancel = std::make_shared<std::atomic<bool>>(false);
    m_landscapeCancel = cancel;
    Q_EMIT landscapeStarted();
    QPointer<Workbench> self(this);
    const Scenario scenario = m_scenario;
    QThreadPool::globalInstance()->start([self, scenario, cancel, generation, calibration = m_calibration] {
        LandscapeOptions options;
        options.cancel = cancel.get();
        options.calibration = calibration;
        options.bands = std::make_shared<const UncertaintyBands>(io::builtinUncertaintyBands());
        auto landscape = std::make_shared<const Landscape>(computeLandscape(scenario, options));
        if (cancel->load())
            return;
        QMetaObject::invokeMethod(
            self.data(),
            [self, landscape, generation] {
                if (!self || generation != self->m_landscapeGeneration)
                    return; // a newer request superseded this one
                self->m_landscape = landscape;
                self->m_landscapeCancel.reset();
                Q_EMIT self->landscapeAvailable(landscape);
            },
            Qt::QueuedConnection);
    });
}

void Workbench::addMeasuredStep(MeasuredStep step)
{
    m_measuredSteps.push_back(std::move(step));
    Q_EMIT measuredStepsChanged();
}

} // namespace paraplan::widgets
