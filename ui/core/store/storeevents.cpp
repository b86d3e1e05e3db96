// The FlickDesk database (core/store/store.h): reading events, players, awards and the stored history;
// the history import, addEvent, awards and re-awards.

#include "core/store/lockblob.h"
#include "core/store/playstore.h"
#include "core/store/storeprivate.h"

namespace flickdesk::core {
namespace {

// ---------------------------------------------------------------------------------------------
// Events of a history folder as records

EventRecord recordOf(const HistoryFolder& folder, std::size_t index)
{
    const engine::Event& event = folder.history.events[index];
    const EventInfo& info = folder.events[index];
    EventRecord record;
    record.id = info.eventId;
    record.date = QString::fromStdString(engine::formatIsoDate(event.date));
    record.name = info.name;
    record.format = event.format;
    record.group = info.group;
    record.tour = info.tour;
    record.tier = info.tier;
    record.season = info.season;
    record.fieldSize = info.fieldSize;
    record.status = EventStatus::Finished;
    // Units are numbered in the order of their first row; a doubles team's number in the file is
    // not kept (the history format numbers teams only to pair partners).
    int number = 0;
    for (const engine::Standing& standing : event.standings) {
        UnitRecord unit;
        unit.number = ++number;
        unit.status = EntrantStatus::Started;
        if (standing.place > 0)
            unit.place = standing.place;
        for (const engine::PlayerIndex player : standing.unit.players)
            unit.playerIds.append(
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]));
        record.units.push_back(std::move(unit));
    }
    // Games keep their order; their numbers become 1..n.
    number = 0;
    for (const engine::HeadToHeadGame& game : event.games) {
        GameRecord g;
        g.number = ++number;
        for (const engine::PlayerIndex player : game.a.players)
            g.sideA.append(
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]));
        for (const engine::PlayerIndex player : game.b.players)
            g.sideB.append(
                QString::fromStdString(folder.history.playerIds[static_cast<std::size_t>(player)]));
        g.outcome = game.outcome;
        record.games.push_back(std::move(g));
    }
    return record;
}

// The first difference between a record and the stored one, in words.
QString describeDifference(const EventRecord& mine, const EventRecord& stored)
{
    const auto differs = [](const char* what, const QString& a, const QString& b) {
        return tr("its %1 is '%2' here and '%3' in the database").arg(QLatin1String(what), a, b);
    };
    if (mine.date != stored.date)
        return differs("date", mine.date, stored.date);
    if (mine.name != stored.name)
        return differs("name", mine.name, stored.name);
    if (mine.format != stored.format)
        return differs("format", keyword(mine.format), keyword(stored.format));
    if (mine.group != stored.group)
        return differs("group", mine.group, stored.group);
    if (mine.tour != stored.tour)
        return differs("tour", keyword(mine.tour), keyword(stored.tour));
    if (mine.tier != stored.tier)
        return differs("tier", mine.tier ? QString::number(*mine.tier) : QString(),
                       stored.tier ? QString::number(*stored.tier) : QString());
    if (mine.season != stored.season)
        return differs("season", mine.season, stored.season);
    if (mine.fieldSize != stored.fieldSize)
        return differs("field_size", mine.fieldSize ? QString::number(*mine.fieldSize) : QString(),
                       stored.fieldSize ? QString::number(*stored.fieldSize) : QString());
    if (mine.units != stored.units)
        return tr("its field or standings differ from those in the database");
    if (mine.games != stored.games)
        return tr("its games differ from those in the database");
    return tr("its experimental-format settings differ from those in the database");
}

// ---------------------------------------------------------------------------------------------
// Lookalikes: one event under two ids would count twice in the ratings and the Tour standings.

// An event's name as compared: in any case and spacing.
QString nameKey(const QString& name)
{
    return name.simplified().toCaseFolded();
}

// The field of an event as a set of units, each a set of players: the units that began (DECISIONS
// P3). Empty when none began: an event without a field is nobody's lookalike.
QString fieldKey(const std::vector<QStringList>& units)
{
    QStringList keys;
    for (QStringList players : units) {
        players.sort();
        keys.append(players.join(u'+'));
    }
    keys.sort();
    return keys.join(u'|');
}

QString fieldKey(const EventRecord& event)
{
    std::vector<QStringList> units;
    for (const UnitRecord& unit : event.units) {
        if (unit.status != EntrantStatus::Registered)
            units.push_back(unit.playerIds);
    }
    return fieldKey(units);
}

// The date, name and field of an event: equal for two records of the same event.
QString lookalikeKey(const EventRecord& event)
{
    const QString field = fieldKey(event);
    return field.isEmpty() ? QString() : event.date + u'\n' + nameKey(event.name) + u'\n' + field;
}

// Two names of one player id that are not the same person's (compared in any case and spacing).
bool differentNames(const QString& stored, const QString& given)
{
    return !stored.trimmed().isEmpty() && !given.trimmed().isEmpty() && nameKey(stored) != nameKey(given);
}

// What SQLite's constraints would refuse of an event and its award, in words: checked before
// anything is written, so that a defect of a file never ends as a failed write.
QStringList storageProblems(const EventRecord& event, const std::optional<AwardRecord>& award)
{
    QStringList problems;
    if (event.id.isEmpty())
        problems.append(tr("the event has no id"));
    std::set<int> units;
    std::set<QString> field;
    std::set<QString> began;
    for (const UnitRecord& unit : event.units) {
        if (unit.number < 1 || !units.insert(unit.number).second)
            problems.append(tr("unit %1 is listed twice or has no number").arg(unit.number));
        if (unit.playerIds.size() > 2)
            problems.append(tr("unit %1 has more than two players").arg(unit.number));
        if (unit.place && *unit.place < 1)
            problems.append(tr("unit %1 has place %2").arg(unit.number).arg(*unit.place));
        for (const QString& id : unit.playerIds) {
            if (id.isEmpty() || !field.insert(id).second)
                problems.append(tr("player '%1' is in the field twice, or has no id").arg(id));
            if (unit.status != EntrantStatus::Registered)
                began.insert(id);
        }
    }
    std::set<int> games;
    for (const GameRecord& game : event.games) {
        if (game.number < 1 || !games.insert(game.number).second)
            problems.append(tr("game %1 is listed twice or has no number").arg(game.number));
        for (const QStringList* side : {&game.sideA, &game.sideB}) {
            if (side->size() > 2)
                problems.append(tr("a side of game %1 has more than two players").arg(game.number));
            for (const QString& id : *side) {
                if (!field.count(id))
                    problems.append(
                        tr("game %1 names player %2, who is not in the field").arg(game.number).arg(id));
            }
        }
    }
    if (award) {
        // Each list is one row per player of the field.
        const auto oncePerPlayer = [&](const QString& what, const auto& rows) {
            std::set<QString> seen;
            for (const auto& row : rows) {
                if (!seen.insert(row.playerId).second)
                    problems.append(tr("the award's %1 list player %2 twice").arg(what, row.playerId));
                else if (!began.count(row.playerId))
                    problems.append(
                        tr("the award's %1 name player %2, who is not in the field").arg(what, row.playerId));
            }
        };
        oncePerPlayer(tr("ratings"), award->ratings);
        oncePerPlayer(tr("awards"), award->awards);
        if (!isMonth(award->lockMonth))
            problems.append(tr("the award has no lock month of the form YYYY-MM"));
        if (award->revision < 1)
            problems.append(tr("the award's revision is below 1"));
        for (const LockedRating& rating : award->ratings) {
            if (!(rating.sigma > 0.0))
                problems.append(tr("the locked rating of player %1 has a sigma that is not above 0")
                                    .arg(rating.playerId));
        }
        for (const PlayerAward& points : award->awards) {
            if (points.place < 1 || !(points.points >= 0.0))
                problems.append(
                    tr("the award of player %1 has a place below 1 or points below 0").arg(points.playerId));
        }
    }
    problems.removeDuplicates();
    return problems;
}

} // namespace

bool EventRecord::sameContent(const EventRecord& other) const
{
    // Units by number, games by number; the partners of a unit or of a side in any order.
    const auto canonical = [](EventRecord event) {
        std::sort(event.units.begin(), event.units.end(),
                  [](const UnitRecord& a, const UnitRecord& b) { return a.number < b.number; });
        for (UnitRecord& unit : event.units)
            unit.playerIds.sort();
        std::sort(event.games.begin(), event.games.end(),
                  [](const GameRecord& a, const GameRecord& b) { return a.number < b.number; });
        for (GameRecord& game : event.games) {
            game.sideA.sort();
            game.sideB.sort();
        }
        return event;
    };
    EventRecord mine = canonical(*this);
    mine.status = other.status;
    // A history folder and the files of older desks carry no location: none is not another one.
    if (mine.location.isEmpty() || other.location.isEmpty())
        mine.location = other.location;
    return mine == canonical(other);
}

bool AwardRecord::sameContent(const AwardRecord& other) const
{
    // The locked ratings and the awards are one row per player: their order means nothing.
    const auto canonical = [](AwardRecord award) {
        std::sort(award.ratings.begin(), award.ratings.end(),
                  [](const LockedRating& a, const LockedRating& b) { return a.playerId < b.playerId; });
        std::sort(award.awards.begin(), award.awards.end(),
                  [](const PlayerAward& a, const PlayerAward& b) { return a.playerId < b.playerId; });
        return award;
    };
    return canonical(*this) == canonical(other);
}

bool sameAward(const std::optional<AwardRecord>& a, const std::optional<AwardRecord>& b)
{
    return a && b ? a->sameContent(*b) : a.has_value() == b.has_value();
}

// ---------------------------------------------------------------------------------------------
// Reading

std::map<QString, EventRecord> Store::Private::readEvents(const QString& onlyEventId, bool ratedOnly,
                                                          std::vector<QString>* order)
{
    // One query per table, for all events at once or for one event (its key then finds it: an "OR ?1
    // IS NULL" would make SQLite scan every row).
    const auto filter = [&onlyEventId](const char* column) {
        return onlyEventId.isNull() ? std::string("(?1 IS NULL)") : std::string(column) + " = ?1";
    };
    std::map<QString, EventRecord> events;
    {
        sqlite::Statement select(db, R"sql(
            SELECT )sql" + eventColumns() +
                                         R"sql(
            FROM events
            WHERE )sql" + filter("id") + R"sql( AND (?2 = 0 OR status IN ('finished', 'awarded'))
            ORDER BY rowid)sql");
        select.bind(1, onlyEventId).bind(2, ratedOnly ? 1 : 0);
        while (select.step()) {
            EventRecord event = eventFromRow(select);
            if (order)
                order->push_back(event.id);
            events.emplace(event.id, std::move(event));
        }
    }
    if (events.empty())
        return events;

    // The rows of every table below come event by event (their keys begin with event_id): the event
    // of the previous row is tried first, and an event's units and games are in number order.
    QString lastId;
    EventRecord* last = nullptr;
    const auto eventOf = [&](const QString& id) {
        if (id != lastId || !last) {
            const auto found = events.find(id);
            last = found == events.end() ? nullptr : &found->second;
            lastId = id;
        }
        return last;
    };
    const auto numbered = [](auto& items, int number) {
        const auto item = std::lower_bound(items.begin(), items.end(), number,
                                           [](const auto& x, int n) { return x.number < n; });
        return item != items.end() && item->number == number ? &*item : nullptr;
    };
    const auto unitOf = [&](const QString& id, int number) -> UnitRecord* {
        EventRecord* event = eventOf(id);
        return event ? numbered(event->units, number) : nullptr;
    };
    const auto gameOf = [&](const QString& id, int number) -> GameRecord* {
        EventRecord* event = eventOf(id);
        return event ? numbered(event->games, number) : nullptr;
    };
    {
        sqlite::Statement select(db, "SELECT event_id, unit, status FROM entrants WHERE " +
                                         filter("event_id") + " ORDER BY event_id, unit");
        select.bind(1, onlyEventId);
        while (select.step()) {
            EventRecord* event = eventOf(select.text(0));
            if (!event)
                continue;
            UnitRecord unit;
            unit.number = static_cast<int>(select.integer(1));
            unit.status = entrantStatusFromKeyword(select.text(2)).value_or(EntrantStatus::Registered);
            event->units.push_back(std::move(unit));
        }
    }
    {
        sqlite::Statement select(db, "SELECT event_id, unit, place FROM standings WHERE " +
                                         filter("event_id") + " ORDER BY event_id, unit");
        select.bind(1, onlyEventId);
        while (select.step()) {
            if (UnitRecord* unit = unitOf(select.text(0), static_cast<int>(select.integer(1))))
                unit->place = static_cast<int>(select.integer(2));
        }
    }
    {
        sqlite::Statement select(db, "SELECT event_id, unit, player_id FROM entrant_players "
                                     "WHERE " +
                                         filter("event_id") + " ORDER BY event_id, unit, seat");
        select.bind(1, onlyEventId);
        while (select.step()) {
            if (UnitRecord* unit = unitOf(select.text(0), static_cast<int>(select.integer(1))))
                unit->playerIds.append(select.text(2));
        }
    }
    {
        sqlite::Statement select(db, "SELECT event_id, game, winner FROM games WHERE " + filter("event_id") +
                                         " ORDER BY event_id, game");
        select.bind(1, onlyEventId);
        while (select.step()) {
            EventRecord* event = eventOf(select.text(0));
            if (!event)
                continue;
            GameRecord game;
            game.number = static_cast<int>(select.integer(1));
            game.outcome = gameOutcomeFromKeyword(select.text(2)).value_or(engine::GameOutcome::Draw);
            event->games.push_back(std::move(game));
        }
    }
    {
        sqlite::Statement select(db, "SELECT event_id, game, side, player_id FROM game_players "
                                     "WHERE " +
                                         filter("event_id") + " ORDER BY event_id, game, side, seat");
        select.bind(1, onlyEventId);
        while (select.step()) {
            GameRecord* game = gameOf(select.text(0), static_cast<int>(select.integer(1)));
            if (!game)
                continue;
            (select.text(2) == QLatin1String("a") ? game->sideA : game->sideB).append(select.text(3));
        }
    }
    return events;
}

std::vector<EventSummary> EventDayStore::events()
{
    return d->guarded([this] {
        std::vector<EventSummary> list;
        sqlite::Statement select(
            d->db, "SELECT id, date, name, status, format, tier, season FROM events ORDER BY date, rowid");
        while (select.step()) {
            EventSummary summary;
            summary.id = select.text(0);
            summary.date = select.text(1);
            summary.name = select.text(2);
            summary.status = eventStatusFromKeyword(select.text(3)).value_or(EventStatus::Planned);
            summary.format = eventFormatFromKeyword(select.text(4)).value_or(engine::EventFormat::Singles);
            if (const auto tier = select.optionalInteger(5))
                summary.tier = static_cast<int>(*tier);
            summary.season = select.text(6);
            list.push_back(std::move(summary));
        }
        return list;
    });
}

std::optional<EventRecord> EventDayStore::event(const QString& id)
{
    return d->guarded([&]() -> std::optional<EventRecord> {
        if (id.isEmpty())
            return std::nullopt;
        std::map<QString, EventRecord> events = d->readEvents(id, false, nullptr);
        if (events.empty())
            return std::nullopt;
        return std::move(events.begin()->second);
    });
}

std::optional<PlayerRecord> PlayerStore::player(const QString& id)
{
    std::vector<PlayerRecord> found = players({id});
    if (found.empty())
        return std::nullopt;
    return std::move(found.front());
}

std::vector<PlayerRecord> PlayerStore::players(const QStringList& ids)
{
    return d->guarded([&] {
        std::vector<PlayerRecord> found;
        sqlite::Statement select(d->db,
                                 "SELECT id, name, association_id, location FROM players WHERE id = ?");
        for (const QString& id : ids) {
            select.reset();
            select.bind(1, nonNull(id));
            if (select.step())
                found.push_back({select.text(0), select.text(1), select.text(2), select.text(3)});
        }
        return found;
    });
}

int EventDayStore::eventCount()
{
    return d->guarded(
        [this] { return static_cast<int>(d->db.queryInteger("SELECT count(*) FROM events").value_or(0)); });
}

int PlayerStore::playerCount()
{
    return d->guarded(
        [this] { return static_cast<int>(d->db.queryInteger("SELECT count(*) FROM players").value_or(0)); });
}

std::vector<AwardRecord> Store::Private::readAwards(const QString& eventId)
{
    std::vector<AwardRecord> revisions;
    sqlite::Statement select(db,
                             "SELECT revision, lock_month, fsi, fdi, awarded_at, reason FROM event_awards "
                             "WHERE event_id = ? ORDER BY revision");
    select.bind(1, eventId);
    while (select.step()) {
        AwardRecord award;
        award.revision = static_cast<int>(select.integer(0));
        award.lockMonth = select.text(1);
        award.fsi = select.real(2);
        award.fdi = select.real(3);
        award.awardedAt = select.text(4);
        award.reason = select.text(5);
        revisions.push_back(std::move(award));
    }
    sqlite::Statement ratings(
        db, "SELECT player_id, mu, sigma FROM award_ratings WHERE event_id = ? AND revision = ? "
            "ORDER BY player_id");
    sqlite::Statement awards(
        db, "SELECT player_id, place, points FROM awards WHERE event_id = ? AND revision = ? "
            "ORDER BY place, player_id");
    for (AwardRecord& award : revisions) {
        ratings.reset();
        ratings.bind(1, eventId).bind(2, award.revision);
        while (ratings.step())
            award.ratings.push_back({ratings.text(0), ratings.real(1), ratings.real(2)});
        awards.reset();
        awards.bind(1, eventId).bind(2, award.revision);
        while (awards.step())
            award.awards.push_back({awards.text(0), static_cast<int>(awards.integer(1)), awards.real(2)});
    }
    return revisions;
}

std::optional<AwardRecord> HistoryStore::currentAward(const QString& eventId)
{
    std::vector<AwardRecord> revisions = awardRevisions(eventId);
    if (revisions.empty())
        return std::nullopt;
    return std::move(revisions.back());
}

std::vector<AwardRecord> HistoryStore::awardRevisions(const QString& eventId)
{
    return d->guarded([&] { return d->readAwards(eventId); });
}

std::vector<LockedRating> RatingStore::lockRatings(const QString& month)
{
    return d->guarded([&] {
        // The lock whole, in the order of the ids (core/store/lockblob.h).
        std::vector<LockedRating> ratings;
        const std::optional<QByteArray> blob = lockblob::readStored(d->db, d->schemaVersion, month);
        if (!blob)
            return ratings;
        const std::vector<lockblob::Entry> entries = lockblob::decodeOrRefuse(*blob, month);
        ratings.reserve(entries.size());
        for (const lockblob::Entry& entry : entries)
            ratings.push_back({lockblob::idOf(entry), entry.mu, entry.sigma});
        return ratings;
    });
}

std::vector<AuditEntry> HistoryStore::auditLog(const QString& eventId)
{
    return d->guarded([&] {
        std::vector<AuditEntry> entries;
        sqlite::Statement select(d->db, "SELECT at, action, event_id, details FROM audit_log "
                                        "WHERE ?1 IS NULL OR event_id = ?1 ORDER BY id");
        select.bind(1, eventId.isEmpty() ? QString() : eventId);
        while (select.step())
            entries.push_back({select.text(0), select.text(1), select.text(2), select.text(3)});
        return entries;
    });
}

std::map<QString, QString> HistoryStore::seasonFinaleDates()
{
    struct Stored {
        QString date;
        QString season;
    };
    std::map<QString, Stored> byId;           // every event with a season
    std::map<QString, QString> defaultFinale; // season -> its latest competitive WCC Singles
    d->guarded([&] {
        sqlite::Statement select(
            d->db, "SELECT id, date, season, tour, name FROM events WHERE season <> '' ORDER BY date, rowid");
        while (select.step()) {
            const QString season = select.text(2);
            byId[select.text(0)] = {select.text(1), season};
            // DECISIONS T2's default, as defaultFinale (core/awards/tourpoints.h) chooses it.
            const std::optional<Tour> tour = tourFromKeyword(select.text(3));
            if (tour && mayBeDefaultFinale(*tour, select.text(4)))
                defaultFinale[season] = select.text(1); // ordered by date: the latest stays
        }
    });
    std::map<QString, QString> finales = defaultFinale;
    std::set<QString> seasons;
    for (const auto& [id, stored] : byId)
        seasons.insert(stored.season);
    for (const QString& season : seasons) {
        // The Finale setting, when it names a stored event of that season, overrides the default.
        const QJsonValue named = setting(finaleKey(season));
        if (!named.isString())
            continue;
        const auto event = byId.find(named.toString());
        if (event != byId.end() && event->second.season == season)
            finales[season] = event->second.date;
    }
    return finales;
}

std::map<Tour, QString> HistoryStore::usualGroups()
{
    return d->guarded([&] {
        struct Count {
            QString group;
            qint64 events = 0;
            QString latest;
        };
        std::map<Tour, Count> usual;
        sqlite::Statement select(d->db, "SELECT tour, \"group\", COUNT(*), MAX(date) FROM events "
                                        "WHERE \"group\" <> '' GROUP BY tour, \"group\"");
        while (select.step()) {
            const std::optional<Tour> tour = tourFromKeyword(select.text(0));
            if (!tour)
                continue;
            const Count candidate{select.text(1), select.integer(2), select.text(3)};
            auto [at, added] = usual.emplace(*tour, candidate);
            if (!added && (candidate.events > at->second.events ||
                           (candidate.events == at->second.events && candidate.latest > at->second.latest)))
                at->second = candidate;
        }
        std::map<Tour, QString> groups;
        for (const auto& [tour, count] : usual)
            groups[tour] = count.group;
        return groups;
    });
}

HistoryFolder Store::Private::loadHistory()
{
    HistoryFolder folder;
    std::vector<QString> order;
    const std::map<QString, EventRecord> records = readEvents(QString(), true, &order);

    // Players are numbered as readHistoryFolder numbers them: by their first result row, then by
    // their first game (the rows keep the order in which they were stored).
    std::unordered_map<QString, engine::PlayerIndex> players;
    const auto indexOf = [&](const QString& id) {
        const auto [it, inserted] = players.try_emplace(id, static_cast<engine::PlayerIndex>(players.size()));
        if (inserted)
            folder.history.playerIds.push_back(id.toStdString());
        return it->second;
    };
    {
        sqlite::Statement select(db, R"sql(
            SELECT ep.player_id FROM entrant_players ep
            JOIN events e ON e.id = ep.event_id
            JOIN entrants u ON u.event_id = ep.event_id AND u.unit = ep.unit
            WHERE e.status IN ('finished', 'awarded') AND u.status IN ('started', 'withdrawn')
            ORDER BY ep.rowid)sql");
        while (select.step())
            indexOf(select.text(0));
        sqlite::Statement games(db, R"sql(
            SELECT gp.player_id FROM game_players gp JOIN events e ON e.id = gp.event_id
            WHERE e.status IN ('finished', 'awarded') ORDER BY gp.rowid)sql");
        while (games.step())
            indexOf(games.text(0));
    }

    const SourceRef source{path.toStdString(), 0};
    folder.history.events.reserve(order.size());
    folder.events.reserve(order.size());
    for (const QString& id : order) {
        const EventRecord& record = records.at(id);
        engine::Event event;
        event.id = record.id.toStdString();
        event.date = engine::parseIsoDate(record.date.toStdString()).value_or(0);
        event.format = record.format;
        event.source = source;
        int began = 0;
        for (const UnitRecord& unit : record.units) {
            if (unit.status == EntrantStatus::Registered) // DECISIONS P3: only units that began
                continue;
            ++began;
            engine::Standing standing;
            standing.place = unit.place.value_or(0);
            for (const QString& player : unit.playerIds)
                standing.unit.players.push_back(indexOf(player));
            standing.source = source;
            event.standings.push_back(std::move(standing));
        }
        for (const GameRecord& game : record.games) {
            engine::HeadToHeadGame g;
            for (const QString& player : game.sideA)
                g.a.players.push_back(indexOf(player));
            for (const QString& player : game.sideB)
                g.b.players.push_back(indexOf(player));
            g.outcome = game.outcome;
            g.source = source;
            event.games.push_back(std::move(g));
        }
        EventInfo info;
        info.eventId = record.id;
        info.date = event.date;
        info.name = record.name;
        info.format = record.format;
        info.group = record.group;
        info.tour = record.tour;
        info.tier = record.tier;
        info.season = record.season;
        info.fieldSize = record.fieldSize.value_or(began);
        info.source = source;
        info.experimental = record.experimental;
        info.experimentalCap = record.experimentalCap;
        folder.history.events.push_back(std::move(event));
        folder.events.push_back(std::move(info));
    }

    sqlite::Statement parameters(db, "SELECT value FROM settings WHERE key = ?");
    parameters.bind(1, parametersKey);
    if (parameters.step())
        folder.parameters = parametersFromJson(QJsonDocument::fromJson(parameters.text(0).toUtf8()).object());
    // The NCA lists imported as monthly locks: each is its month's lock (core/records/monthlock.h).
    QStringList importedMonths;
    {
        sqlite::Statement imported(db, "SELECT month FROM locks WHERE source = 'imported' ORDER BY month");
        while (imported.step())
            importedMonths.append(imported.text(0));
    }
    for (const QString& month : importedMonths) {
        const std::optional<Month> first = Month::fromString(month);
        const std::optional<QByteArray> blob = lockblob::readStored(db, schemaVersion, month);
        if (!first || !blob)
            continue;
        auto& list = folder.importedLocks[first->firstDay()];
        for (const lockblob::Entry& entry : lockblob::decodeOrRefuse(*blob, month))
            list.insert(lockblob::idOf(entry), {entry.mu, entry.sigma});
    }
    folder.defects = engine::validateHistory(folder.history);
    return folder;
}

HistoryFolder StoreConnection::loadHistory()
{
    return d->guarded([this] { return d->loadHistory(); });
}

QString StoreConnection::historyFingerprint()
{
    return fingerprintOf(loadHistory());
}

// ---------------------------------------------------------------------------------------------
// Writing

int Store::Private::insertPlayers(const std::vector<PlayerRecord>& players, const QString& origin)
{
    eventDay.players.reset(); // the search index learns of new players and events at its next search
    sqlite::Statement insert(
        db, "INSERT OR IGNORE INTO players (id, name, association_id, location) VALUES (?, ?, ?, ?)");
    // A name fills in only a missing one: the id is the identity (DECISIONS D1). Another name is
    // refused before (nameConflicts); a name filled in is logged, with the file it came from.
    sqlite::Statement fillName(db, "UPDATE players SET name = ?2 WHERE id = ?1 AND coalesce(name, '') = ''");
    // A location fills in only a missing one too; a stored one stays (importEventExchange reports it).
    sqlite::Statement fillLocation(
        db, "UPDATE players SET location = ?2 WHERE id = ?1 AND coalesce(location, '') = ''");
    int added = 0;
    for (const PlayerRecord& player : players) {
        insert.reset();
        insert.bind(1, player.id)
            .bind(2, player.name.isEmpty() ? QString() : player.name)
            .bind(3, player.associationId.isEmpty() ? QString() : player.associationId)
            .bind(4, player.location.isEmpty() ? QString() : player.location)
            .run();
        if (db.changes() > 0) {
            ++added;
            continue;
        }
        if (!player.location.trimmed().isEmpty()) {
            fillLocation.reset();
            fillLocation.bind(1, player.id).bind(2, player.location.trimmed()).run();
        }
        if (!player.name.isEmpty()) {
            fillName.reset();
            fillName.bind(1, player.id).bind(2, player.name).run();
            if (db.changes() > 0)
                audit(QStringLiteral("name-player"), QString(),
                      QJsonObject{{QStringLiteral("player"), player.id},
                                  {QStringLiteral("name"), player.name},
                                  {QStringLiteral("origin"), origin}});
        }
    }
    return added;
}

std::optional<EventSummary> Store::Private::lookalike(const EventRecord& event)
{
    const QString key = fieldKey(event);
    if (key.isEmpty())
        return std::nullopt;
    // events_by_date finds the few events of that day; only those of the same name are read further.
    sqlite::Statement candidates(
        db, "SELECT id, name, status, format, tier FROM events WHERE date = ? AND id <> ? ORDER BY rowid");
    candidates.bind(1, event.date).bind(2, event.id);
    sqlite::Statement field(db, R"sql(
        SELECT p.unit, p.player_id FROM entrant_players p
        JOIN entrants e ON e.event_id = p.event_id AND e.unit = p.unit
        WHERE p.event_id = ? AND e.status <> 'registered'
        ORDER BY p.unit, p.seat)sql");
    const QString name = nameKey(event.name);
    while (candidates.step()) {
        if (nameKey(candidates.text(1)) != name)
            continue;
        field.reset();
        field.bind(1, candidates.text(0));
        std::map<qint64, QStringList> units;
        while (field.step())
            units[field.integer(0)].append(field.text(1));
        std::vector<QStringList> stored;
        for (auto& [number, players] : units)
            stored.push_back(std::move(players));
        if (fieldKey(stored) != key)
            continue;
        EventSummary summary;
        summary.id = candidates.text(0);
        summary.date = event.date;
        summary.name = candidates.text(1);
        summary.status = eventStatusFromKeyword(candidates.text(2)).value_or(EventStatus::Planned);
        summary.format = eventFormatFromKeyword(candidates.text(3)).value_or(engine::EventFormat::Singles);
        if (!candidates.isNull(4))
            summary.tier = static_cast<int>(candidates.integer(4));
        return summary;
    }
    return std::nullopt;
}

std::vector<Store::Private::NameConflict>
Store::Private::nameConflicts(const std::vector<PlayerRecord>& players)
{
    std::vector<NameConflict> conflicts;
    sqlite::Statement select(db, "SELECT name FROM players WHERE id = ?");
    for (std::size_t i = 0; i < players.size(); ++i) {
        if (players[i].name.trimmed().isEmpty())
            continue;
        select.reset();
        select.bind(1, players[i].id);
        if (select.step() && differentNames(select.text(0), players[i].name))
            conflicts.push_back({i, select.text(0)});
    }
    return conflicts;
}

void Store::Private::insertEventRow(const EventRecord& event)
{
    // A file made at an older schema (tests make them) has no location column.
    const bool location = hasLocationColumn();
    sqlite::Statement insert(db, std::string(R"sql(
        INSERT INTO events (id, date, name, format, tier, tour, experimental, experimental_cap, season,
                            "group", field_size, status)sql") +
                                     (location ? ", location) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                                               : ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
    insert.bind(1, event.id)
        .bind(2, event.date)
        .bind(3, nonNull(event.name))
        .bind(4, keyword(event.format))
        .bind(5, event.tier)
        .bind(6, keyword(event.tour))
        .bind(7, event.experimental ? 1 : 0)
        .bind(8, event.experimentalCap)
        .bind(9, nonNull(event.season))
        .bind(10, nonNull(event.group))
        .bind(11, event.fieldSize)
        .bind(12, keyword(event.status));
    if (location)
        insert.bind(13, event.location.isEmpty() ? QString() : event.location);
    insert.run();
}

void Store::Private::insertUnits(const EventRecord& event)
{
    sqlite::Statement entrant(db, "INSERT INTO entrants (event_id, unit, status) VALUES (?, ?, ?)");
    sqlite::Statement standing(db, "INSERT INTO standings (event_id, unit, place) VALUES (?, ?, ?)");
    for (const UnitRecord& unit : event.units) {
        entrant.reset();
        entrant.bind(1, event.id).bind(2, unit.number).bind(3, keyword(unit.status)).run();
        if (unit.place) {
            standing.reset();
            standing.bind(1, event.id).bind(2, unit.number).bind(3, *unit.place).run();
        }
    }
}

void Store::Private::insertGames(const EventRecord& event)
{
    sqlite::Statement game(db, "INSERT INTO games (event_id, game, winner) VALUES (?, ?, ?)");
    sqlite::Statement side(
        db, "INSERT INTO game_players (event_id, game, side, seat, player_id) VALUES (?, ?, ?, ?, ?)");
    for (const GameRecord& g : event.games) {
        game.reset();
        game.bind(1, event.id).bind(2, g.number).bind(3, keyword(g.outcome)).run();
        for (const auto& [name, players] : {std::pair("a", &g.sideA), std::pair("b", &g.sideB)}) {
            int seat = 0;
            for (const QString& player : *players) {
                side.reset();
                side.bind(1, event.id).bind(2, g.number).bind(3, name).bind(4, ++seat).bind(5, player).run();
            }
        }
    }
}

void Store::Private::insertAward(const QString& eventId, const AwardRecord& award)
{
    sqlite::Statement header(
        db, "INSERT INTO event_awards (event_id, revision, lock_month, fsi, fdi, awarded_at, reason) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)");
    header.bind(1, eventId)
        .bind(2, award.revision)
        .bind(3, award.lockMonth)
        .bind(4, award.fsi)
        .bind(5, award.fdi)
        .bind(6, nonNull(award.awardedAt))
        .bind(7, nonNull(award.reason))
        .run();
    sqlite::Statement rating(
        db, "INSERT INTO award_ratings (event_id, revision, player_id, mu, sigma) VALUES (?, ?, ?, ?, ?)");
    for (const LockedRating& r : award.ratings) {
        rating.reset();
        rating.bind(1, eventId)
            .bind(2, award.revision)
            .bind(3, r.playerId)
            .bind(4, r.mu)
            .bind(5, r.sigma)
            .run();
    }
    sqlite::Statement points(
        db, "INSERT INTO awards (event_id, revision, player_id, place, points) VALUES (?, ?, ?, ?, ?)");
    for (const PlayerAward& a : award.awards) {
        points.reset();
        points.bind(1, eventId)
            .bind(2, award.revision)
            .bind(3, a.playerId)
            .bind(4, a.place)
            .bind(5, a.points)
            .run();
    }
}

ImportReport HistoryStore::importHistory(const QString& dir, bool acceptParameters)
{
    return importHistory(readHistoryFolder(dir), dir, acceptParameters);
}

std::optional<EventSummary> HistoryStore::sameEventAs(const EventRecord& event)
{
    return d->guarded([&] { return d->lookalike(event); });
}

QString HistoryStore::deskTag()
{
    return setting(deskTagKey).toString();
}
namespace {
void nameDefectiveEvents(ImportReport& report)
{
    // A set beside the list: a history with a million defective rows is named in linear time.
    std::unordered_set<std::string> named;
    for (const Defect& defect : report.defects) {
        if (!defect.eventId.empty() && named.insert(defect.eventId).second)
            report.defectiveEvents.append(QString::fromStdString(defect.eventId));
    }
}

} // namespace

ImportReport HistoryStore::checkHistory(const HistoryFolder& folder)
{
    ImportReport report;
    report.defects = folder.defects;
    nameDefectiveEvents(report);
    return report;
}

ImportReport HistoryStore::importHistory(const HistoryFolder& folder, const QString& origin,
                                         bool acceptParameters)
{
    if (!folder.defects.empty())
        return checkHistory(folder);
    ImportReport report;
    return d->guarded([&] {
        d->requireWritable();
        FullSync fullSync(d->db);
        sqlite::Transaction transaction(d->db);
        d->historyChanged();
        d->touched(StoreChange::of(StoreChange::Event | StoreChange::Entrants | StoreChange::Results |
                                   StoreChange::Players | StoreChange::Awards | StoreChange::History |
                                   StoreChange::Settings));

        // Events already stored: the same content is skipped, other content is a defect. An event
        // that is a stored one, or an earlier one of the folder, under another id is a defect too: it
        // would count twice.
        std::vector<EventRecord> records;
        std::vector<bool> add(folder.events.size(), true);
        std::unordered_map<QString, std::size_t> folderEvents; // lookalikeKey -> index
        for (std::size_t i = 0; i < folder.events.size(); ++i) {
            records.push_back(recordOf(folder, i));
            std::map<QString, EventRecord> stored = d->readEvents(records.back().id, false, nullptr);
            if (stored.empty()) {
                const EventInfo& info = folder.events[i];
                const auto refuse = [&](const QString& message) {
                    report.defects.push_back(
                        Defect{info.source, "event_id", info.eventId.toStdString(), message.toStdString()});
                };
                for (const QString& problem : storageProblems(records.back(), std::nullopt))
                    refuse(problem);
                if (const std::optional<EventSummary> same = d->lookalike(records.back())) {
                    refuse(lookalikeMessage(*same));
                } else if (const QString key = lookalikeKey(records.back()); !key.isEmpty()) {
                    const auto [first, inserted] = folderEvents.try_emplace(key, i);
                    if (!inserted) {
                        const EventInfo& earlier = folder.events[first->second];
                        refuse(tr("this is event %1 (%2, %3) of line %4 again under another id: the same "
                                  "date, name and field; it would count twice")
                                   .arg(earlier.eventId, earlier.name, records[first->second].date)
                                   .arg(earlier.source.line));
                    }
                }
                continue;
            }
            add[i] = false;
            const EventRecord& existing = stored.begin()->second;
            if (records.back().sameContent(existing)) {
                ++report.eventsUnchanged;
                continue;
            }
            const EventInfo& info = folder.events[i];
            report.defects.push_back(
                Defect{info.source, "event_id", info.eventId.toStdString(),
                       tr("event %1 is already in the database, and %2")
                           .arg(info.eventId, describeDifference(records.back(), existing))
                           .toStdString()});
        }
        if (!report.defects.empty()) {
            nameDefectiveEvents(report);
            return report; // the transaction rolls back: nothing was written
        }

        // Players, then events with their units, then each player row in the order of the files (so
        // that loadHistory numbers players as readHistoryFolder does), then the games.
        std::vector<PlayerRecord> players;
        players.reserve(folder.history.playerIds.size());
        for (const std::string& id : folder.history.playerIds)
            players.push_back({QString::fromStdString(id), {}, {}, {}});
        report.playersAdded = d->insertPlayers(players);

        struct PlayerRow {
            std::tuple<int, int, std::size_t> order; // line in results.csv, then position
            const QString* eventId;
            int unit;
            int seat;
            const QString* playerId;
        };
        std::vector<PlayerRow> rows;
        for (std::size_t i = 0; i < records.size(); ++i) {
            if (!add[i])
                continue;
            d->insertEventRow(records[i]);
            d->insertUnits(records[i]);
            ++report.eventsAdded;
            const engine::Event& event = folder.history.events[i];
            for (std::size_t u = 0; u < records[i].units.size(); ++u) {
                const UnitRecord& unit = records[i].units[u];
                const engine::Standing& standing = event.standings[u];
                for (qsizetype seat = 0; seat < unit.playerIds.size(); ++seat) {
                    const auto k = static_cast<std::size_t>(seat);
                    const int line = k < standing.playerSources.size() ? standing.playerSources[k].line
                                                                       : standing.source.line;
                    rows.push_back({{line, static_cast<int>(i), k},
                                    &records[i].id,
                                    unit.number,
                                    static_cast<int>(seat) + 1,
                                    &unit.playerIds[seat]});
                }
            }
        }
        std::stable_sort(rows.begin(), rows.end(),
                         [](const PlayerRow& a, const PlayerRow& b) { return a.order < b.order; });
        sqlite::Statement insert(
            d->db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
        for (const PlayerRow& row : rows) {
            insert.reset();
            insert.bind(1, *row.eventId).bind(2, row.unit).bind(3, row.seat).bind(4, *row.playerId).run();
        }
        report.finishes = static_cast<int>(rows.size());
        for (std::size_t i = 0; i < records.size(); ++i) {
            if (add[i]) {
                d->insertGames(records[i]);
                report.games += static_cast<int>(records[i].games.size());
            }
        }

        // The folder's params.json sets the stored FlickSkill parameters (its keys win) only by an
        // explicit act: they rate every event, so a change would change every rating and award
        // preview. A database with no events and no parameters yet takes them; either is logged.
        if (const QJsonObject given = parametersJson(folder.parameters); !given.isEmpty()) {
            QJsonObject before;
            {
                sqlite::Statement select(d->db, "SELECT value FROM settings WHERE key = ?");
                select.bind(1, parametersKey);
                if (select.step())
                    before = QJsonDocument::fromJson(select.text(0).toUtf8()).object();
            }
            ParameterOverrides merged = parametersFromJson(before);
            merged.overrideWith(folder.parameters);
            const QJsonObject after = parametersJson(merged);
            if (after != parametersJson(parametersFromJson(before))) {
                // The first history of an empty database: its events were all added just now.
                sqlite::Statement count(d->db, "SELECT count(*) FROM events");
                const bool firstParameters =
                    before.isEmpty() && count.step() && count.integer(0) == report.eventsAdded;
                if (!acceptParameters && !firstParameters) {
                    QStringList changes;
                    for (auto it = after.begin(); it != after.end(); ++it) {
                        const QJsonValue old = before.value(it.key());
                        if (old != it.value())
                            changes.append(tr("%1 %2 here, %3 in the database")
                                               .arg(it.key(), QString::number(it.value().toDouble()),
                                                    old.isUndefined() ? tr("the default")
                                                                      : QString::number(old.toDouble())));
                    }
                    report.defects.push_back(Defect{
                        SourceRef{QDir(origin).filePath(QStringLiteral("params.json")).toStdString(), 0},
                        {},
                        {},
                        tr("its FlickSkill parameters differ from the database's (%1): they would change "
                           "every rating. To make them the database's parameters, import the folder with "
                           "--accept-parameters (recorded in the audit log); to keep the database's, remove "
                           "params.json from the folder")
                            .arg(changes.join(QStringLiteral("; ")))
                            .toStdString()});
                    return report; // the transaction rolls back: nothing was written
                }
                sqlite::Statement upsert(d->db, "INSERT INTO settings (key, value) VALUES (?, ?) "
                                                "ON CONFLICT (key) DO UPDATE SET value = excluded.value");
                upsert.bind(1, parametersKey).bind(2, jsonText(after)).run();
                report.parametersChanged = true;
                d->audit(QStringLiteral("set-parameters"), QString(),
                         QJsonObject{{QStringLiteral("origin"), origin},
                                     {QStringLiteral("before"), before},
                                     {QStringLiteral("after"), after}});
            }
        }

        if (report.eventsAdded > 0) {
            QJsonArray added;
            for (std::size_t i = 0; i < records.size(); ++i) {
                if (add[i])
                    added.append(records[i].id);
            }
            d->audit(QStringLiteral("import-history"), QString(),
                     QJsonObject{{QStringLiteral("origin"), origin},
                                 {QStringLiteral("events"), added},
                                 {QStringLiteral("unchanged"), report.eventsUnchanged},
                                 {QStringLiteral("players_added"), report.playersAdded}});
        }
        transaction.commit();
        return report;
    });
}

void HistoryStore::addEvent(const EventRecord& event, const std::vector<PlayerRecord>& players,
                            const std::optional<AwardRecord>& award, const QString& origin,
                            const engine::play::PlayInput* play)
{
    d->guarded([&] {
        d->requireWritable();
        FullSync fullSync(d->db);
        sqlite::Transaction transaction(d->db);
        d->historyChanged();
        d->touched(StoreChange::of(StoreChange::Event | StoreChange::Entrants | StoreChange::Results |
                                       StoreChange::Players | StoreChange::Awards | StoreChange::History,
                                   event.id));
        sqlite::Statement exists(d->db, "SELECT 1 FROM events WHERE id = ?");
        exists.bind(1, event.id);
        if (exists.step())
            throw StoreError(StoreError::Kind::Refused,
                             tr("Event %1 is already in the database.").arg(event.id));
        // Nothing that SQLite would refuse, no lookalike, no second person under a known id: each is
        // a defect of what is imported, refused before anything is written.
        const QString source = origin.isEmpty() ? tr("Event %1").arg(event.id) : origin;
        if (const QStringList problems = storageProblems(event, award); !problems.isEmpty())
            throw StoreError(
                StoreError::Kind::Refused,
                tr("%1: %2; nothing was imported.").arg(source, problems.join(QStringLiteral("; "))));
        if (const std::optional<EventSummary> same = d->lookalike(event))
            throw StoreError(StoreError::Kind::Refused,
                             tr("%1: %2; nothing was imported.").arg(source, lookalikeMessage(*same)));
        if (const auto conflicts = d->nameConflicts(players); !conflicts.empty()) {
            const PlayerRecord& player = players[conflicts.front().index];
            throw StoreError(
                StoreError::Kind::Refused,
                tr("%1: %2; nothing was imported.")
                    .arg(source, nameConflictMessage(player.id, conflicts.front().storedName, player.name)));
        }
        std::vector<PlayerRecord> all = players;
        for (const UnitRecord& unit : event.units) {
            for (const QString& id : unit.playerIds)
                all.push_back({id, {}, {}, {}});
        }
        d->insertPlayers(all, origin);
        d->insertEventRow(event);
        d->insertUnits(event);
        sqlite::Statement insert(
            d->db, "INSERT INTO entrant_players (event_id, unit, seat, player_id) VALUES (?, ?, ?, ?)");
        for (const UnitRecord& unit : event.units) {
            int seat = 0;
            for (const QString& player : unit.playerIds) {
                insert.reset();
                insert.bind(1, event.id).bind(2, unit.number).bind(3, ++seat).bind(4, player).run();
            }
        }
        d->insertGames(event);
        if (award)
            d->insertAward(event.id, *award);
        if (play)
            insertWholePlay(*d, event.id, *play);
        if (event.status == EventStatus::Finished || event.status == EventStatus::Awarded)
            d->audit(QStringLiteral("add-event"), event.id,
                     QJsonObject{{QStringLiteral("origin"), origin},
                                 {QStringLiteral("status"), keyword(event.status)},
                                 {QStringLiteral("units"), static_cast<int>(event.units.size())},
                                 {QStringLiteral("award_revision"),
                                  award ? QJsonValue(award->revision) : QJsonValue()}});
        transaction.commit();
    });
}

void EventDayStore::setEventStatus(const QString& eventId, EventStatus status)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        sqlite::Statement select(d->db, "SELECT status FROM events WHERE id = ?");
        select.bind(1, eventId);
        if (!select.step())
            throw StoreError(StoreError::Kind::Refused, tr("There is no event %1.").arg(eventId));
        const EventStatus before = eventStatusFromKeyword(select.text(0)).value_or(EventStatus::Planned);
        if (before == status)
            return;
        d->historyChanged(); // finished and awarded events are the rated history
        // DECISIONS P2: awarding and re-awarding are their own, logged actions.
        if (before == EventStatus::Awarded || status == EventStatus::Awarded)
            throw StoreError(StoreError::Kind::Refused,
                             tr("Event %1 is %2: only awarding changes an event to or from awarded.")
                                 .arg(eventId, keyword(before)));
        sqlite::Statement update(d->db, "UPDATE events SET status = ? WHERE id = ?");
        update.bind(1, keyword(status)).bind(2, eventId).run();
        d->touched(d->eventDayChange(eventId, before == EventStatus::Finished ? before : status,
                                     QStringLiteral("status"), {}));
        if (before == EventStatus::Finished)
            d->audit(QStringLiteral("status"), eventId,
                     QJsonObject{{QStringLiteral("before"), keyword(before)},
                                 {QStringLiteral("after"), keyword(status)}});
        transaction.commit();
    });
}
namespace {

// Every player an award names must be a player of the event's field.
void requireFieldPlayers(const EventRecord& event, const AwardRecord& award)
{
    std::set<QString> field;
    for (const UnitRecord& unit : event.units) {
        if (unit.status != EntrantStatus::Registered)
            field.insert(unit.playerIds.begin(), unit.playerIds.end());
    }
    const auto check = [&](const QString& player) {
        if (!field.count(player))
            throw StoreError(
                StoreError::Kind::Refused,
                tr("The award of event %1 names player %2, who is not in its field.").arg(event.id, player));
    };
    for (const LockedRating& rating : award.ratings)
        check(rating.playerId);
    for (const PlayerAward& points : award.awards)
        check(points.playerId);
    if (!isMonth(award.lockMonth))
        throw StoreError(StoreError::Kind::Refused,
                         tr("The award of event %1 has no lock month of the form YYYY-MM.").arg(event.id));
}

} // namespace

void HistoryStore::award(const QString& eventId, AwardRecord award)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        std::map<QString, EventRecord> events = d->readEvents(eventId, false, nullptr);
        if (events.empty())
            throw StoreError(StoreError::Kind::Refused, tr("There is no event %1.").arg(eventId));
        const EventRecord& event = events.begin()->second;
        if (event.status != EventStatus::Finished)
            throw StoreError(StoreError::Kind::Refused,
                             event.status == EventStatus::Awarded
                                 // DECISIONS P2: an awarded event is frozen; re-awarding is explicit.
                                 ? tr("Event %1 is awarded already: re-award it instead.").arg(eventId)
                                 : tr("Event %1 is %2: only a finished event is awarded.")
                                       .arg(eventId, keyword(event.status)));
        requireFieldPlayers(event, award);
        award.revision = 1;
        award.reason.clear();
        if (award.awardedAt.isEmpty())
            award.awardedAt = isoUtc(d->now());
        d->insertAward(eventId, award);
        d->touched(d->eventDayChange(eventId, EventStatus::Awarded, QStringLiteral("award"), {}));
        sqlite::Statement update(d->db, "UPDATE events SET status = 'awarded' WHERE id = ?");
        update.bind(1, eventId).run();
        d->audit(QStringLiteral("award"), eventId,
                 QJsonObject{{QStringLiteral("revision"), 1},
                             {QStringLiteral("lock_month"), award.lockMonth},
                             {QStringLiteral("fsi"), award.fsi},
                             {QStringLiteral("fdi"), award.fdi},
                             {QStringLiteral("awards"), static_cast<int>(award.awards.size())}});
        transaction.commit();
    });
}

void HistoryStore::reaward(const QString& eventId, AwardRecord award, const QString& reason)
{
    if (reason.trimmed().isEmpty())
        throw StoreError(StoreError::Kind::Refused,
                         // DECISIONS P2: re-awarding is an explicit, logged action.
                         tr("Re-awarding event %1 needs a reason; it is logged.").arg(eventId));
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        std::map<QString, EventRecord> events = d->readEvents(eventId, false, nullptr);
        if (events.empty())
            throw StoreError(StoreError::Kind::Refused, tr("There is no event %1.").arg(eventId));
        const EventRecord& event = events.begin()->second;
        const std::vector<AwardRecord> earlier = d->readAwards(eventId);
        if (event.status != EventStatus::Awarded || earlier.empty())
            throw StoreError(StoreError::Kind::Refused,
                             tr("Event %1 has not been awarded: award it first.").arg(eventId));
        requireFieldPlayers(event, award);
        const AwardRecord& previous = earlier.back();
        award.revision = previous.revision + 1;
        award.reason = reason.trimmed();
        if (award.awardedAt.isEmpty())
            award.awardedAt = isoUtc(d->now());
        d->insertAward(eventId, award);
        d->touched(StoreChange::of(StoreChange::Awards | StoreChange::Locks, eventId));
        d->audit(
            QStringLiteral("reaward"), eventId,
            QJsonObject{
                {QStringLiteral("revision"), award.revision},
                {QStringLiteral("reason"), award.reason},
                {QStringLiteral("before"), QJsonObject{{QStringLiteral("lock_month"), previous.lockMonth},
                                                       {QStringLiteral("fsi"), previous.fsi},
                                                       {QStringLiteral("fdi"), previous.fdi}}},
                {QStringLiteral("after"), QJsonObject{{QStringLiteral("lock_month"), award.lockMonth},
                                                      {QStringLiteral("fsi"), award.fsi},
                                                      {QStringLiteral("fdi"), award.fdi}}}});
        transaction.commit();
    });
}

QString lookalikeMessage(const EventSummary& stored)
{
    return tr("this is event %1 (%2, %3) already in the database under id %1: the same date, name and "
              "field; imported again it would count twice")
        .arg(stored.id, stored.name, stored.date);
}

} // namespace flickdesk::core
