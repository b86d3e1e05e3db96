#include "core/formats/historydigest.h"

#include "core/records/month.h"

#include <QCryptographicHash>
#include <QJsonDocument>
#include <algorithm>
#include <numeric>

namespace flickdesk::core {

namespace {

void addText(QCryptographicHash& hash, const std::string& text)
{
    hash.addData(QByteArrayView(text.data(), static_cast<qsizetype>(text.size())));
    hash.addData(QByteArrayView("\n", 1));
}

void addEvent(QCryptographicHash& hash, const engine::RatingHistory& history, const engine::Event& event)
{
    const auto idOf = [&history](engine::PlayerIndex player) -> const std::string& {
        return history.playerIds[static_cast<std::size_t>(player)];
    };
    addText(hash, "event " + event.id + ' ' + engine::formatIsoDate(event.date) +
                      (event.format == engine::EventFormat::Doubles ? " doubles" : " singles"));
    for (const engine::Standing& standing : event.standings) {
        std::string line = "unit " + std::to_string(standing.place);
        for (const engine::PlayerIndex player : standing.unit.players)
            line += ' ' + idOf(player);
        addText(hash, line);
    }
    for (const engine::HeadToHeadGame& game : event.games) {
        std::string line = "game";
        for (const engine::PlayerIndex player : game.a.players)
            line += ' ' + idOf(player);
        line += " vs";
        for (const engine::PlayerIndex player : game.b.players)
            line += ' ' + idOf(player);
        line += ' ' + std::to_string(static_cast<int>(game.outcome));
        addText(hash, line);
    }
}

} // namespace

std::map<engine::DayNumber, QString> historyDigestsBefore(const HistoryFolder& folder,
                                                          const QJsonObject& parameters,
                                                          std::vector<engine::DayNumber> months)
{
    const engine::RatingHistory& history = folder.history;
    std::vector<std::size_t> order(history.events.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&history](std::size_t a, std::size_t b) {
        return history.events[a].date < history.events[b].date;
    });
    std::sort(months.begin(), months.end());
    months.erase(std::unique(months.begin(), months.end()), months.end());

    // A chain over the events: each event's link hashes the link before it and the event, so a
    // month's digest is the link of its last event before it, whichever months are asked, and the
    // history is read once.
    std::map<engine::DayNumber, QString> digests;
    QByteArray link = QJsonDocument(parameters).toJson(QJsonDocument::Compact);
    std::size_t next = 0;
    for (const engine::DayNumber month : months) {
        for (; next < order.size() && history.events[order[next]].date < month; ++next) {
            QCryptographicHash hash(QCryptographicHash::Sha256);
            hash.addData(link);
            addEvent(hash, history, history.events[order[next]]);
            link = hash.result().toHex();
        }
        QCryptographicHash hash(QCryptographicHash::Sha256);
        hash.addData(link);
        digests.emplace(month, QString::fromLatin1(hash.result().toHex()));
    }
    return digests;
}

MonthLockRatings lockRatingsOf(const HistoryFolder& folder, const engine::MonthlyLock& lock,
                               const QString& month)
{
    MonthLockRatings ratings;
    ratings.month = month;
    ratings.unseenMu = lock.prior.mu;
    ratings.unseenSigma = lock.prior.sigma;
    ratings.eventsRated = lock.eventsRated;
    ratings.mu.reserve(static_cast<qsizetype>(lock.players.size()));
    ratings.sigma.reserve(static_cast<qsizetype>(lock.players.size()));
    for (std::size_t k = 0; k < lock.players.size(); ++k) {
        const QString id =
            QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(lock.players[k])]);
        ratings.mu.insert(id, lock.posteriors[k].mu);
        ratings.sigma.insert(id, lock.posteriors[k].sigma);
    }
    ratings.players = static_cast<int>(lock.players.size());
    return ratings;
}

ComputedLock computedLockOf(const HistoryFolder& folder, const engine::MonthlyLock& lock,
                            const QString& digest)
{
    std::vector<QString> ids;
    return computedLockOf(folder, lock, digest, ids);
}

ComputedLock computedLockOf(const HistoryFolder& folder, const engine::MonthlyLock& lock,
                            const QString& digest, std::vector<QString>& ids)
{
    ids.resize(folder.history.playerIds.size());
    ComputedLock computed;
    computed.month = Month::ofDay(lock.month).toString();
    computed.historyDigest = digest;
    computed.ratings.reserve(lock.players.size());
    for (std::size_t k = 0; k < lock.players.size(); ++k) {
        const auto player = static_cast<std::size_t>(lock.players[k]);
        if (ids[player].isNull())
            ids[player] = QString::fromStdString(folder.history.playerIds[player]);
        computed.ratings.push_back({ids[player], lock.posteriors[k].mu, lock.posteriors[k].sigma});
    }
    return computed;
}

QString historyDigestBefore(const HistoryFolder& folder, const QJsonObject& parameters,
                            engine::DayNumber month)
{
    return historyDigestsBefore(folder, parameters, {engine::firstOfMonth(month)}).begin()->second;
}

} // namespace flickdesk::core
