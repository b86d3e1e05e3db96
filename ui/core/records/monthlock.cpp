#include "core/records/monthlock.h"

#include <QCoreApplication>
#include <QLocale>

namespace flickdesk::core {

QString lockSourceText(const MonthLockRatings& lock)
{
    const QLocale locale;
    if (lock.source == MonthLockRatings::Source::Imported)
        return QCoreApplication::translate("flickdesk::core::MonthLock", "NCA list for %1, %2 players")
            .arg(lock.month, locale.toString(lock.players));
    return QCoreApplication::translate("flickdesk::core::MonthLock", "computed from %1 stored events")
        .arg(locale.toString(lock.eventsRated));
}

QJsonObject flickSkillParametersJson(const engine::FlickSkillParameters& p)
{
    // The keys of params.json (core/formats/historyreader.h), so that a stored run reads like the file.
    return QJsonObject{{QStringLiteral("mu"), p.mu0},
                       {QStringLiteral("sigma"), p.sigma0},
                       {QStringLiteral("beta"), p.beta},
                       {QStringLiteral("gamma"), p.gamma},
                       {QStringLiteral("epsilon"), p.epsilon},
                       {QStringLiteral("max_iter"), p.maxIterations},
                       {QStringLiteral("p_draw"), p.drawProbabilityFinish},
                       {QStringLiteral("p_draw_game"), p.drawProbabilityGame},
                       {QStringLiteral("doubles_weight"), p.doublesWeight}};
}

} // namespace flickdesk::core
