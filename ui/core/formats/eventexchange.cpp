#include "core/formats/eventexchange.h"

#include "core/formats/csvtable.h"
#include "core/formats/csvwriting.h"
#include "core/formats/historyreader.h"
#include "core/formats/outputfiles.h"
#include "core/formats/playwords.h"
#include "core/formats/strictjson.h"
#include "core/records/identifiers.h"
#include "core/records/month.h"
#include "core/translation.h"
#include "flickdesk/engine/date.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QJsonValue>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTemporaryDir>
#include <QTemporaryFile>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <numeric>
#include <set>
#include <string_view>
#include <utility>

namespace flickdesk::core {
namespace {

using engine::Defect;
using engine::SourceFile;
using engine::SourceRef;

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::EventExchange)

const QString formatTag = QStringLiteral("flickdesk-event");

QJsonValue nullable(const std::optional<int>& value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue nullable(const std::optional<double>& value)
{
    return value ? QJsonValue(*value) : QJsonValue(QJsonValue::Null);
}

QJsonValue nullableText(const QString& text)
{
    return text.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(text);
}

bool isMonth(const QString& text)
{
    return Month::fromString(text).has_value();
}

bool isDate(const QString& text)
{
    return text.size() == 10 && engine::parseIsoDate(text.toStdString()).has_value();
}

// ---------------------------------------------------------------------------------------------
// Reading JSON with every defect named by its path in the document (content.field[3].place).

class JsonReader {
public:
    JsonReader(const QString& fileName, std::vector<Defect>& defects)
        : file_(fileName.toStdString())
        , defects_(defects)
    {
    }

    // Held to csv::mostDefects, the checks of the whole file too (a field of thousands of units).
    void defect(const QString& path, const QString& message)
    {
        csv::report(defects_, file_, 0, path.toStdString(), eventId_, message.toStdString());
    }

    void setEventId(const QString& id) { eventId_ = id.toStdString(); }

    static QString at(const QString& path, const char* key)
    {
        return path.isEmpty() ? QString(QLatin1String(key)) : path + u'.' + QLatin1String(key);
    }
    static QString at(const QString& path, qsizetype index)
    {
        return path + QStringLiteral("[%1]").arg(index);
    }

    bool has(const QJsonObject& object, const char* key, const QString& path)
    {
        if (object.contains(QLatin1String(key)))
            return true;
        defect(at(path, key), tr("missing"));
        return false;
    }

    std::optional<QJsonObject> object(const QJsonObject& parent, const char* key, const QString& path)
    {
        if (!has(parent, key, path))
            return std::nullopt;
        const QJsonValue value = parent.value(QLatin1String(key));
        if (!value.isObject()) {
            defect(at(path, key), tr("expected an object"));
            return std::nullopt;
        }
        return value.toObject();
    }

    std::optional<QJsonArray> array(const QJsonObject& parent, const char* key, const QString& path)
    {
        if (!has(parent, key, path))
            return std::nullopt;
        const QJsonValue value = parent.value(QLatin1String(key));
        if (!value.isArray()) {
            defect(at(path, key), tr("expected an array"));
            return std::nullopt;
        }
        return value.toArray();
    }

    std::optional<QString> text(const QJsonObject& parent, const char* key, const QString& path,
                                bool nullAllowed = false)
    {
        if (!has(parent, key, path))
            return std::nullopt;
        const QJsonValue value = parent.value(QLatin1String(key));
        if (value.isNull() && nullAllowed)
            return QString();
        if (!value.isString()) {
            defect(at(path, key), nullAllowed ? tr("expected a string or null") : tr("expected a string"));
            return std::nullopt;
        }
        return value.toString();
    }

    // An event or player id (core/records/identifiers.h): only new input is held to the grammar.
    std::optional<QString> id(const QJsonObject& parent, const char* key, const QString& path)
    {
        const std::optional<QString> value = text(parent, key, path);
        if (value && !checkId(*value, at(path, key)))
            return std::nullopt;
        return value;
    }

    bool checkId(const QString& id, const QString& path)
    {
        if (const QString problem = idProblem(id); !problem.isEmpty()) {
            defect(path, tr("the id '%1' %2").arg(printableId(id), problem));
            return false;
        }
        return true;
    }

    // A whole number >= lowest; `isNull` tells a null that `nullAllowed` accepts.
    std::optional<int> integer(const QJsonObject& parent, const char* key, const QString& path, int lowest,
                               bool nullAllowed, bool& isNull)
    {
        isNull = false;
        if (!has(parent, key, path))
            return std::nullopt;
        const QJsonValue value = parent.value(QLatin1String(key));
        if (value.isNull() && nullAllowed) {
            isNull = true;
            return std::nullopt;
        }
        const double number = value.toDouble();
        if (!value.isDouble() || number != std::floor(number) || number < lowest || number > 1e9) {
            defect(at(path, key), tr("expected a whole number %1 or above%2")
                                      .arg(lowest)
                                      .arg(nullAllowed ? tr(", or null") : QString()));
            return std::nullopt;
        }
        return static_cast<int>(number);
    }

    std::optional<int> integer(const QJsonObject& parent, const char* key, const QString& path, int lowest)
    {
        bool isNull = false;
        return integer(parent, key, path, lowest, false, isNull);
    }

    // A finite number; above `lowest` (or at least it, when `lowestIncluded`).
    std::optional<double> number(const QJsonObject& parent, const char* key, const QString& path,
                                 std::optional<double> lowest = std::nullopt, bool lowestIncluded = true)
    {
        if (!has(parent, key, path))
            return std::nullopt;
        const QJsonValue value = parent.value(QLatin1String(key));
        const double number = value.toDouble();
        const bool inRange = !lowest || (lowestIncluded ? number >= *lowest : number > *lowest);
        if (!value.isDouble() || !std::isfinite(number) || !inRange) {
            defect(at(path, key), !lowest          ? tr("expected a finite number")
                                  : lowestIncluded ? tr("expected a finite number %1 or above").arg(*lowest)
                                                   : tr("expected a finite number above %1").arg(*lowest));
            return std::nullopt;
        }
        return number;
    }

    std::optional<bool> boolean(const QJsonObject& parent, const char* key, const QString& path)
    {
        if (!has(parent, key, path))
            return std::nullopt;
        const QJsonValue value = parent.value(QLatin1String(key));
        if (!value.isBool()) {
            defect(at(path, key), tr("expected true or false"));
            return std::nullopt;
        }
        return value.toBool();
    }

    // One of `names`; its index.
    std::optional<int> choice(const QJsonObject& parent, const char* key, const QString& path,
                              std::initializer_list<const char*> names)
    {
        const std::optional<QString> value = text(parent, key, path);
        if (!value)
            return std::nullopt;
        int index = 0;
        for (const char* name : names) {
            if (*value == QLatin1String(name))
                return index;
            ++index;
        }
        QStringList list;
        for (const char* name : names)
            list.append(QLatin1String(name));
        defect(at(path, key), tr("'%1' is not one of %2").arg(*value, list.join(QStringLiteral(", "))));
        return std::nullopt;
    }

private:
    std::string file_;
    std::vector<Defect>& defects_;
    std::string eventId_;
};

QStringList readIdList(JsonReader& reader, const QJsonObject& parent, const char* key, const QString& path)
{
    QStringList ids;
    const std::optional<QJsonArray> array = reader.array(parent, key, path);
    if (!array)
        return ids;
    for (qsizetype i = 0; i < array->size(); ++i) {
        const QJsonValue value = array->at(i);
        const QString itemPath = JsonReader::at(JsonReader::at(path, key), i);
        if (!value.isString())
            reader.defect(itemPath, tr("expected a player id"));
        else if (reader.checkId(value.toString(), itemPath))
            ids.append(value.toString());
    }
    return ids;
}

void readEvent(JsonReader& reader, const QJsonObject& content, EventExchange& exchange)
{
    const QString path = QStringLiteral("content.event");
    const std::optional<QJsonObject> event = reader.object(content, "event", QStringLiteral("content"));
    if (!event)
        return;
    EventRecord& record = exchange.event;
    if (const auto id = reader.id(*event, "id", path))
        record.id = *id;
    reader.setEventId(record.id);
    if (const auto date = reader.text(*event, "date", path); date && !isDate(*date))
        reader.defect(JsonReader::at(path, "date"),
                      tr("'%1' is not a date of the form YYYY-MM-DD").arg(*date));
    else if (date)
        record.date = *date;
    record.name = reader.text(*event, "name", path).value_or(QString());
    if (const auto format = reader.choice(*event, "format", path, {"singles", "doubles"}))
        record.format = *format == 1 ? engine::EventFormat::Doubles : engine::EventFormat::Singles;
    record.group = reader.text(*event, "group", path).value_or(QString());
    if (const auto tour = reader.choice(*event, "tour", path, {"competitive", "recreational", "none"}))
        record.tour = *tour == 0 ? Tour::Competitive : *tour == 1 ? Tour::Recreational : Tour::None;
    bool isNull = false;
    // The rule of events.csv (core/formats/historyreader.h), so that `rate` takes the exported history.
    if (const auto tier = reader.integer(*event, "tier", path, 1, true, isNull); tier || isNull) {
        if (const std::string problem = eventTierProblem(tier, record.tour); !problem.empty())
            reader.defect(JsonReader::at(path, "tier"), QString::fromStdString(problem));
        else
            record.tier = tier;
    }
    record.season = reader.text(*event, "season", path).value_or(QString());
    // Files of older desks have no location; strictjson.h holds it to the length and characters of any text.
    if (event->contains(QStringLiteral("location")))
        record.location = reader.text(*event, "location", path, true).value_or(QString()).trimmed();
    record.fieldSize = reader.integer(*event, "field_size", path, 0, true, isNull);
    record.experimental = reader.boolean(*event, "experimental", path).value_or(false);
    if (reader.has(*event, "experimental_cap", path) &&
        !event->value(QStringLiteral("experimental_cap")).isNull())
        record.experimentalCap = reader.number(*event, "experimental_cap", path, 0.0);
    if (const auto status =
            reader.choice(*event, "status", path, {"planned", "started", "finished", "awarded"}))
        record.status = static_cast<EventStatus>(*status);
}

void readField(JsonReader& reader, const QJsonObject& content, EventExchange& exchange)
{
    const std::optional<QJsonArray> field = reader.array(content, "field", QStringLiteral("content"));
    if (!field)
        return;
    std::map<QString, QString> names;
    for (qsizetype i = 0; i < field->size(); ++i) {
        const QString path = JsonReader::at(QStringLiteral("content.field"), i);
        if (!field->at(i).isObject()) {
            reader.defect(path, tr("expected an object"));
            continue;
        }
        const QJsonObject object = field->at(i).toObject();
        UnitRecord unit;
        unit.number = reader.integer(object, "unit", path, 1).value_or(0);
        if (const auto status = reader.choice(object, "status", path, {"registered", "started", "withdrawn"}))
            unit.status = static_cast<EntrantStatus>(*status);
        bool isNull = false;
        unit.place = reader.integer(object, "place", path, 1, true, isNull);
        if (const std::optional<QJsonArray> players = reader.array(object, "players", path)) {
            for (qsizetype k = 0; k < players->size(); ++k) {
                const QString playerPath = JsonReader::at(JsonReader::at(path, "players"), k);
                if (!players->at(k).isObject()) {
                    reader.defect(playerPath, tr("expected an object"));
                    continue;
                }
                const QJsonObject player = players->at(k).toObject();
                const std::optional<QString> id = reader.id(player, "id", playerPath);
                const std::optional<QString> name = reader.text(player, "name", playerPath, true);
                // Files of older desks have no location.
                const QString location =
                    player.contains(QStringLiteral("location"))
                        ? reader.text(player, "location", playerPath, true).value_or(QString()).trimmed()
                        : QString();
                if (id) {
                    unit.playerIds.append(*id);
                    if (name && !names.count(*id)) {
                        names.emplace(*id, *name);
                        exchange.players.push_back({*id, *name, {}, location});
                    }
                }
            }
        }
        exchange.event.units.push_back(std::move(unit));
    }
}

void readGames(JsonReader& reader, const QJsonObject& content, EventExchange& exchange)
{
    const std::optional<QJsonArray> games = reader.array(content, "games", QStringLiteral("content"));
    if (!games)
        return;
    for (qsizetype i = 0; i < games->size(); ++i) {
        const QString path = JsonReader::at(QStringLiteral("content.games"), i);
        if (!games->at(i).isObject()) {
            reader.defect(path, tr("expected an object"));
            continue;
        }
        const QJsonObject object = games->at(i).toObject();
        GameRecord game;
        game.number = reader.integer(object, "game", path, 1).value_or(0);
        game.sideA = readIdList(reader, object, "a", path);
        game.sideB = readIdList(reader, object, "b", path);
        if (const auto winner = reader.choice(object, "winner", path, {"a", "b", "draw"}))
            game.outcome = *winner == 0   ? engine::GameOutcome::WinA
                           : *winner == 1 ? engine::GameOutcome::WinB
                                          : engine::GameOutcome::Draw;
        exchange.event.games.push_back(std::move(game));
    }
}

void readAward(JsonReader& reader, const QJsonObject& content, EventExchange& exchange)
{
    if (!reader.has(content, "award", QStringLiteral("content")) ||
        content.value(QStringLiteral("award")).isNull())
        return;
    const std::optional<QJsonObject> object = reader.object(content, "award", QStringLiteral("content"));
    if (!object)
        return;
    const QString path = QStringLiteral("content.award");
    AwardRecord award;
    award.revision = reader.integer(*object, "revision", path, 1).value_or(1);
    if (const auto month = reader.text(*object, "lock_month", path); month && !isMonth(*month))
        reader.defect(JsonReader::at(path, "lock_month"),
                      tr("'%1' is not a month of the form YYYY-MM").arg(*month));
    else if (month)
        award.lockMonth = *month;
    award.fsi = reader.number(*object, "fsi", path, 0.0).value_or(0.0);
    award.fdi = reader.number(*object, "fdi", path, 0.0).value_or(0.0);
    award.awardedAt = reader.text(*object, "awarded_at", path).value_or(QString());
    award.reason = reader.text(*object, "reason", path).value_or(QString());
    if (const auto ratings = reader.array(*object, "ratings", path)) {
        for (qsizetype i = 0; i < ratings->size(); ++i) {
            const QString itemPath = JsonReader::at(JsonReader::at(path, "ratings"), i);
            const QJsonObject item = ratings->at(i).toObject();
            LockedRating rating;
            rating.playerId = reader.id(item, "player_id", itemPath).value_or(QString());
            rating.mu = reader.number(item, "mu", itemPath).value_or(0.0);
            rating.sigma = reader.number(item, "sigma", itemPath, 0.0, false).value_or(1.0);
            award.ratings.push_back(std::move(rating));
        }
    }
    if (const auto awards = reader.array(*object, "awards", path)) {
        for (qsizetype i = 0; i < awards->size(); ++i) {
            const QString itemPath = JsonReader::at(JsonReader::at(path, "awards"), i);
            const QJsonObject item = awards->at(i).toObject();
            PlayerAward points;
            points.playerId = reader.id(item, "player_id", itemPath).value_or(QString());
            points.place = reader.integer(item, "place", itemPath, 1).value_or(1);
            points.points = reader.number(item, "points", itemPath, 0.0).value_or(0.0);
            award.awards.push_back(std::move(points));
        }
    }
    exchange.award = std::move(award);
}

// Whether any of `defects` is at `path` or inside it (content.field covers content.field[3].place).
bool defectAtOrUnder(const std::vector<Defect>& defects, std::string_view path)
{
    return std::any_of(defects.begin(), defects.end(), [path](const Defect& defect) {
        const std::string_view field = defect.field;
        return field.substr(0, path.size()) == path &&
               (field.size() == path.size() || field[path.size()] == '.' || field[path.size()] == '[');
    });
}

// The engine names a unit by the line of its source; a unit of a submission file is named by its
// place in the document instead: content.field[12], not "line 13" (nor "line 0").
void nameByPath(Defect& defect)
{
    const int item = defect.source.line - 1; // the item's index in content.field or content.games
    const bool gameSide = defect.field == "side_a" || defect.field == "side_b";
    QString path = gameSide ? QStringLiteral("content.games") : QStringLiteral("content.field");
    if (item >= 0) {
        path = JsonReader::at(path, item);
        path = gameSide                  ? JsonReader::at(path, defect.field == "side_a" ? "a" : "b")
               : defect.field == "place" ? JsonReader::at(path, "place")
                                         : JsonReader::at(path, "players");
    }
    static const QRegularExpression lineOf(QStringLiteral("\\bline (\\d+)\\b"));
    QString message = QString::fromStdString(defect.message);
    QString named;
    qsizetype from = 0;
    for (QRegularExpressionMatchIterator it = lineOf.globalMatch(message); it.hasNext();) {
        const QRegularExpressionMatch match = it.next();
        named += message.mid(from, match.capturedStart() - from);
        named += JsonReader::at(QStringLiteral("content.field"), match.captured(1).toLongLong() - 1);
        from = match.capturedEnd();
    }
    named += message.mid(from);
    defect.field = path.toStdString();
    defect.message = named.toStdString();
    defect.source.line = 0;
}

// What the structure alone does not say: unique units, games and players, partners per format,
// players of games and awards in the field, and a finished event that can be rated (its own rules).
// Each check runs whenever what it judges was read whole, so that one reading lists every defect
// (a wrong field_size and a tie together); what a defect read earlier leaves unknown is not judged,
// so that no defect is a mere consequence of another.
void checkConsistency(JsonReader& reader, const QString& fileName, EventExchange& exchange,
                      std::vector<Defect>& defects)
{
    EventRecord& event = exchange.event;
    const bool eventRead = !defectAtOrUnder(defects, "content.event.format") &&
                           !defectAtOrUnder(defects, "content.event.status") &&
                           std::none_of(defects.begin(), defects.end(), [](const Defect& defect) {
                               return defect.field == "content.event" || defect.field == "content";
                           });
    const bool fieldRead = !defectAtOrUnder(defects, "content.field");
    const bool gamesRead = !defectAtOrUnder(defects, "content.games");
    const int partners = event.format == engine::EventFormat::Doubles ? 2 : 1;
    std::set<int> numbers;
    std::set<QString> field;
    for (std::size_t i = 0; i < event.units.size(); ++i) {
        const UnitRecord& unit = event.units[i];
        const QString path = JsonReader::at(QStringLiteral("content.field"), static_cast<qsizetype>(i));
        if (unit.number > 0 && !numbers.insert(unit.number).second)
            reader.defect(JsonReader::at(path, "unit"), tr("unit %1 is listed twice").arg(unit.number));
        // A unit whose players could not all be read has fewer than it lists: not a second defect.
        if (eventRead && !defectAtOrUnder(defects, path.toStdString() + ".players") &&
            unit.playerIds.size() != partners)
            reader.defect(JsonReader::at(path, "players"), tr("a %1 unit has %2 player(s), not %3")
                                                               .arg(keyword(event.format))
                                                               .arg(unit.playerIds.size())
                                                               .arg(partners));
        for (const QString& id : unit.playerIds) {
            if (!field.insert(id).second)
                reader.defect(JsonReader::at(path, "players"), tr("player %1 is in the field twice").arg(id));
        }
    }
    // The rule of events.csv (core/formats/historyreader.h), so that `rate` takes the exported history.
    if (event.fieldSize && fieldRead) {
        const auto began = std::count_if(event.units.begin(), event.units.end(), [](const UnitRecord& unit) {
            return unit.status != EntrantStatus::Registered;
        });
        if (const std::string problem = eventFieldSizeProblem(event.id.toStdString(), *event.fieldSize,
                                                              static_cast<std::size_t>(began));
            !problem.empty())
            reader.defect(QStringLiteral("content.event.field_size"), QString::fromStdString(problem));
    }
    // In the order of their numbers, each remembering its place in the file (for messages).
    std::vector<std::size_t> unitIndex(event.units.size());
    std::iota(unitIndex.begin(), unitIndex.end(), std::size_t{0});
    std::stable_sort(unitIndex.begin(), unitIndex.end(), [&event](std::size_t a, std::size_t b) {
        return event.units[a].number < event.units[b].number;
    });
    {
        std::vector<UnitRecord> sorted;
        sorted.reserve(event.units.size());
        for (const std::size_t i : unitIndex)
            sorted.push_back(std::move(event.units[i]));
        event.units = std::move(sorted);
    }
    numbers.clear();
    for (std::size_t i = 0; i < event.games.size(); ++i) {
        const GameRecord& game = event.games[i];
        const QString path = JsonReader::at(QStringLiteral("content.games"), static_cast<qsizetype>(i));
        if (game.number > 0 && !numbers.insert(game.number).second)
            reader.defect(JsonReader::at(path, "game"), tr("game %1 is listed twice").arg(game.number));
        std::set<QString> inGame; // the database holds each player once per game and side
        for (const auto& [key, side] : {std::pair("a", &game.sideA), std::pair("b", &game.sideB)}) {
            // A side whose ids could not all be read is not judged again.
            if (defectAtOrUnder(defects, JsonReader::at(path, key).toStdString()))
                continue;
            if (side->isEmpty() || side->size() > 2)
                reader.defect(JsonReader::at(path, key), tr("a side is one player or two"));
            for (const QString& id : *side) {
                if (fieldRead && !field.count(id))
                    reader.defect(JsonReader::at(path, key), tr("player %1 is not in the field").arg(id));
                else if (!inGame.insert(id).second)
                    reader.defect(JsonReader::at(path, key),
                                  tr("player %1 plays twice in this game").arg(id));
            }
        }
    }
    std::vector<std::size_t> gameIndex(event.games.size());
    std::iota(gameIndex.begin(), gameIndex.end(), std::size_t{0});
    std::stable_sort(gameIndex.begin(), gameIndex.end(), [&event](std::size_t a, std::size_t b) {
        return event.games[a].number < event.games[b].number;
    });
    {
        std::vector<GameRecord> sorted;
        sorted.reserve(event.games.size());
        for (const std::size_t i : gameIndex)
            sorted.push_back(std::move(event.games[i]));
        event.games = std::move(sorted);
    }
    // The units and games as the engine would rate them: read whole, each once.
    const bool unitsAndGamesSound = eventRead && fieldRead && gamesRead &&
                                    !defectAtOrUnder(defects, "content.field") &&
                                    !defectAtOrUnder(defects, "content.games");

    if (!eventRead) {
        // Whether the event may have an award is not known.
    } else if (exchange.award) {
        if (event.status != EventStatus::Awarded)
            reader.defect(
                QStringLiteral("content.award"),
                tr("only an awarded event has an award; this one is %1").arg(keyword(event.status)));
        // The database keeps one locked rating and one award per player: a player listed twice is
        // a defect of the file.
        const auto checkPlayers = [&](const char* key, const auto& items) {
            std::map<QString, std::size_t> seen;
            for (std::size_t i = 0; i < items.size(); ++i) {
                const QString& id = items[i].playerId;
                const QString path =
                    JsonReader::at(JsonReader::at(JsonReader::at(QStringLiteral("content.award"), key),
                                                  static_cast<qsizetype>(i)),
                                   "player_id");
                if (defectAtOrUnder(defects, path.toStdString()))
                    continue; // the id could not be read
                if (fieldRead && !field.count(id))
                    reader.defect(path, tr("player %1 is not in the field").arg(id));
                else if (const auto [it, inserted] = seen.try_emplace(id, i); !inserted)
                    reader.defect(path, tr("player %1 is listed twice (%2[%3] and %2[%4])")
                                            .arg(id, QLatin1String(key))
                                            .arg(it->second)
                                            .arg(i));
            }
        };
        checkPlayers("ratings", exchange.award->ratings);
        checkPlayers("awards", exchange.award->awards);
    } else if (event.status == EventStatus::Awarded) {
        reader.defect(QStringLiteral("content.award"), tr("an awarded event needs its award"));
    }

    // A finished event must be ratable: the engine's own rules (ties, fewer than two units, ...).
    // Judged whatever else is wrong with the event (its field_size, tier, date or award), as long as
    // its units and games were read whole.
    if (unitsAndGamesSound &&
        (event.status == EventStatus::Finished || event.status == EventStatus::Awarded)) {
        engine::RatingHistory history;
        std::map<QString, engine::PlayerIndex> players;
        const auto indexOf = [&](const QString& id) {
            const auto [it, inserted] =
                players.try_emplace(id, static_cast<engine::PlayerIndex>(players.size()));
            if (inserted)
                history.playerIds.push_back(id.toStdString());
            return it->second;
        };
        engine::Event rated;
        rated.id = event.id.toStdString();
        rated.date = engine::parseIsoDate(event.date.toStdString()).value_or(0);
        rated.format = event.format;
        // A unit's or a game's "line" is 1 + its index in the file's content.field or content.games,
        // turned back into that path by nameByPath.
        const SourceFile file(fileName.toStdString());
        rated.source = SourceRef{file, 0};
        for (std::size_t u = 0; u < event.units.size(); ++u) {
            const UnitRecord& unit = event.units[u];
            if (unit.status == EntrantStatus::Registered)
                continue;
            engine::Standing standing;
            standing.place = unit.place.value_or(0);
            for (const QString& id : unit.playerIds)
                standing.unit.players.push_back(indexOf(id));
            standing.source = SourceRef{file, static_cast<int>(unitIndex[u]) + 1};
            rated.standings.push_back(std::move(standing));
        }
        for (std::size_t k = 0; k < event.games.size(); ++k) {
            const GameRecord& game = event.games[k];
            engine::HeadToHeadGame g;
            for (const QString& id : game.sideA)
                g.a.players.push_back(indexOf(id));
            for (const QString& id : game.sideB)
                g.b.players.push_back(indexOf(id));
            g.outcome = game.outcome;
            g.source = SourceRef{file, static_cast<int>(gameIndex[k]) + 1};
            rated.games.push_back(std::move(g));
        }
        history.events.push_back(std::move(rated));
        for (Defect& defect : engine::validateHistory(history)) {
            nameByPath(defect);
            csv::report(defects, std::move(defect));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The day of play (content.play, DECISIONS G8)

namespace play = engine::play;

// The enumerations of a format by word: the store's column writes the same (core/formats/playwords.h).
using playwords::wordOf;
template <typename E> using Words = playwords::Word<E>;
constexpr Words<play::GameState> kGameStates[] = {{play::GameState::Scored, "scored"},
                                                  {play::GameState::Bye, "bye"},
                                                  {play::GameState::Walkover, "walkover"}};

// One of `words` at parent.key; the defect names the words allowed.
template <typename E, std::size_t N>
std::optional<E> readWord(JsonReader& reader, const QJsonObject& parent, const char* key, const QString& path,
                          const Words<E> (&words)[N])
{
    const std::optional<QString> value = reader.text(parent, key, path);
    if (!value)
        return std::nullopt;
    QStringList allowed;
    for (const Words<E>& w : words) {
        if (*value == QLatin1String(w.word))
            return w.value;
        allowed.append(QLatin1String(w.word));
    }
    reader.defect(JsonReader::at(path, key),
                  tr("'%1' is not one of %2").arg(*value, allowed.join(QStringLiteral(", "))));
    return std::nullopt;
}

QJsonArray intArray(const std::vector<int>& values)
{
    QJsonArray array;
    for (const int value : values)
        array.append(value);
    return array;
}

// A unit is written as its number, as content.field writes it.
QJsonValue unitValue(const play::UnitId& unit)
{
    bool ok = false;
    const int number = QString::fromStdString(unit).toInt(&ok);
    return ok ? QJsonValue(number) : QJsonValue(QString::fromStdString(unit));
}

QJsonArray unitArray(const std::vector<play::UnitId>& units)
{
    QJsonArray array;
    for (const play::UnitId& unit : units)
        array.append(unitValue(unit));
    return array;
}

// The file holds no text beyond 200 characters (strictjson.h): a longer rule or reason is cut.
std::string cutText(const std::string& text)
{
    constexpr qsizetype most = 200;
    if (text.size() <= static_cast<std::size_t>(most))
        return text;
    const QList<uint> codes = QString::fromStdString(text).toUcs4();
    if (codes.size() <= most)
        return text;
    QString cut = QString::fromUcs4(reinterpret_cast<const char32_t*>(codes.constData()), most - 1);
    cut.append(QChar(0x2026));
    return cut.toStdString();
}

QJsonObject playJson(const EventPlay& p)
{
    QJsonArray handGroups;
    for (const std::vector<play::UnitId>& group : p.handGroups)
        handGroups.append(unitArray(group));
    QJsonArray ratings;
    for (const auto& [unit, rating] : p.ratings)
        ratings.append(
            QJsonObject{{QStringLiteral("unit"), unitValue(unit)}, {QStringLiteral("rating"), rating}});
    QJsonArray games;
    for (const play::PlayGame& game : p.games) {
        const play::Score& s = game.score;
        games.append(QJsonObject{
            {QStringLiteral("key"), QString::fromStdString(play::gameKeyText(game.key))},
            {QStringLiteral("stage"), game.key.stage},
            {QStringLiteral("group"), game.key.group},
            {QStringLiteral("round"), game.key.round},
            {QStringLiteral("board"), game.board},
            {QStringLiteral("a"), unitValue(game.a)},
            {QStringLiteral("b"), game.b.empty() ? QJsonValue(QJsonValue::Null) : unitValue(game.b)},
            {QStringLiteral("state"), wordOf(kGameStates, game.state)},
            {QStringLiteral("points_a"), s.pointsA},
            {QStringLiteral("points_b"), s.pointsB},
            {QStringLiteral("twenties_a"), s.twentiesA},
            {QStringLiteral("twenties_b"), s.twentiesB},
            {QStringLiteral("shoot_out"), s.shootOutWinner == play::Side::A ? QJsonValue(QStringLiteral("a"))
                                          : s.shootOutWinner == play::Side::B
                                              ? QJsonValue(QStringLiteral("b"))
                                              : QJsonValue(QJsonValue::Null)}});
    }
    QJsonArray shootOuts;
    for (const play::ShootOutOrder& order : p.shootOuts)
        shootOuts.append(QJsonObject{{QStringLiteral("stage"), order.stage},
                                     {QStringLiteral("group"), order.group},
                                     {QStringLiteral("order"), unitArray(order.order)}});
    QJsonArray withdrawals;
    for (const play::Withdrawal& withdrawal : p.withdrawals)
        withdrawals.append(QJsonObject{{QStringLiteral("unit"), unitValue(withdrawal.unit)},
                                       {QStringLiteral("stage"), withdrawal.stage},
                                       {QStringLiteral("round"), withdrawal.round}});
    QJsonArray handPlaces;
    for (const play::HandPlace& place : p.handPlaces)
        handPlaces.append(QJsonObject{{QStringLiteral("unit"), unitValue(place.unit)},
                                      {QStringLiteral("place"), place.place},
                                      {QStringLiteral("reason"), QString::fromStdString(place.reason)}});
    QJsonArray standings;
    for (const EventPlayStanding& group : p.standings) {
        QJsonArray rows;
        for (const EventPlayStandingRow& row : group.rows)
            rows.append(QJsonObject{{QStringLiteral("unit"), unitValue(row.unit)},
                                    {QStringLiteral("rank"), row.rank},
                                    {QStringLiteral("points"), row.points},
                                    {QStringLiteral("twenties"), row.twenties}});
        standings.append(QJsonObject{{QStringLiteral("stage"), group.stage},
                                     {QStringLiteral("group"), group.group},
                                     {QStringLiteral("name"), QString::fromStdString(group.name)},
                                     {QStringLiteral("rows"), rows}});
    }
    QJsonArray places;
    for (const play::Place& place : p.places)
        places.append(QJsonObject{{QStringLiteral("unit"), unitValue(place.unit)},
                                  {QStringLiteral("place"), place.place},
                                  {QStringLiteral("rule"), QString::fromStdString(place.rule)},
                                  {QStringLiteral("by_hand"), place.byHand},
                                  {QStringLiteral("withdrawn"), place.withdrawn}});
    return QJsonObject{{QStringLiteral("format"), playFormatObject(p.format)},
                       {QStringLiteral("seed"), QString::number(p.seed)},
                       {QStringLiteral("hand_groups"), handGroups},
                       {QStringLiteral("ratings"), ratings},
                       {QStringLiteral("games"), games},
                       {QStringLiteral("shoot_outs"), shootOuts},
                       {QStringLiteral("withdrawals"), withdrawals},
                       {QStringLiteral("hand_places"), handPlaces},
                       {QStringLiteral("standings"), standings},
                       {QStringLiteral("places"), places}};
}

// Every unit the play names, with its path, for the check against the field (checkPlay).
using UnitRefs = std::vector<std::pair<play::UnitId, QString>>;

// A unit: a whole number 1 or above (a unit number of the field).
std::optional<play::UnitId> readUnit(JsonReader& reader, const QJsonObject& parent, const char* key,
                                     const QString& path, UnitRefs& refs)
{
    const std::optional<int> number = reader.integer(parent, key, path, 1);
    if (!number)
        return std::nullopt;
    play::UnitId unit = std::to_string(*number);
    refs.emplace_back(unit, JsonReader::at(path, key));
    return unit;
}

// A list of units at parent.key (or the array itself when key is null).
std::optional<std::vector<play::UnitId>> readUnitList(JsonReader& reader, const QJsonArray& array,
                                                      const QString& path, UnitRefs& refs)
{
    std::vector<play::UnitId> units;
    bool whole = true;
    for (qsizetype i = 0; i < array.size(); ++i) {
        const QString itemPath = JsonReader::at(path, i);
        const QJsonValue value = array.at(i);
        const double number = value.toDouble();
        if (!value.isDouble() || number != std::floor(number) || number < 1 || number > 1e9) {
            reader.defect(itemPath, tr("expected a unit number 1 or above"));
            whole = false;
            continue;
        }
        units.push_back(std::to_string(static_cast<int>(number)));
        refs.emplace_back(units.back(), itemPath);
    }
    if (!whole)
        return std::nullopt;
    return units;
}

// Objects of the list parent.key, each read by `item` with its path.
template <typename Item>
void forEachObject(JsonReader& reader, const QJsonObject& parent, const char* key, const QString& path,
                   Item item)
{
    const std::optional<QJsonArray> list = reader.array(parent, key, path);
    if (!list)
        return;
    const QString listPath = JsonReader::at(path, key);
    for (qsizetype i = 0; i < list->size(); ++i) {
        const QString itemPath = JsonReader::at(listPath, i);
        if (!list->at(i).isObject()) {
            reader.defect(itemPath, tr("expected an object"));
            continue;
        }
        item(list->at(i).toObject(), itemPath);
    }
}

std::optional<play::Format> readPlayFormat(JsonReader& reader, const QJsonObject& parent,
                                           const QString& parentPath)
{
    const std::optional<QJsonObject> object = reader.object(parent, "format", parentPath);
    if (!object)
        return std::nullopt;
    const QString path = JsonReader::at(parentPath, "format");
    play::Format format;
    format.name = reader.text(*object, "name", path).value_or(QString()).toStdString();
    const auto whole = [&reader](const QJsonObject& o, const char* key, const QString& at, int& value) {
        if (const auto number = reader.integer(o, key, at, 0))
            value = *number;
    };
    const auto flag = [&reader](const QJsonObject& o, const char* key, const QString& at, bool& value) {
        if (const auto b = reader.boolean(o, key, at))
            value = *b;
    };
    const auto sizes = [&reader](const QJsonObject& o, const char* key, const QString& at,
                                 std::vector<int>& values) {
        const std::optional<QJsonArray> array = reader.array(o, key, at);
        if (!array)
            return;
        for (qsizetype i = 0; i < array->size(); ++i) {
            const double number = array->at(i).toDouble();
            if (!array->at(i).isDouble() || number != std::floor(number) || number < 0 || number > 1e9)
                reader.defect(JsonReader::at(JsonReader::at(at, key), i),
                              tr("expected a whole number 0 or above"));
            else
                values.push_back(static_cast<int>(number));
        }
    };
    forEachObject(reader, *object, "stages", path, [&](const QJsonObject& o, const QString& at) {
        play::Stage stage;
        stage.name = reader.text(o, "name", at).value_or(QString()).toStdString();
        if (const auto kind = readWord(reader, o, "kind", at, playwords::stageKinds))
            stage.kind = *kind;
        whole(o, "takeTop", at, stage.takeTop);
        whole(o, "groups", at, stage.groups);
        whole(o, "rounds", at, stage.rounds);
        flag(o, "swiss", at, stage.swiss);
        sizes(o, "poolSizes", at, stage.poolSizes);
        sizes(o, "bracketSizes", at, stage.bracketSizes);
        flag(o, "perTier", at, stage.perTier);
        if (const std::optional<QJsonObject> s = reader.object(o, "settings", at)) {
            const QString sat = JsonReader::at(at, "settings");
            play::StageSettings& settings = stage.settings;
            whole(*s, "roundsPerGame", sat, settings.roundsPerGame);
            whole(*s, "gamesPerPairing", sat, settings.gamesPerPairing);
            whole(*s, "byePoints", sat, settings.byePoints);
            whole(*s, "walkoverPoints", sat, settings.walkoverPoints);
            if (const std::optional<QJsonArray> tieBreaks = reader.array(*s, "tieBreaks", sat)) {
                settings.tieBreaks.clear();
                for (qsizetype i = 0; i < tieBreaks->size(); ++i) {
                    const QString tat = JsonReader::at(JsonReader::at(sat, "tieBreaks"), i);
                    const QString word = tieBreaks->at(i).toString();
                    bool found = false;
                    for (const Words<play::TieBreak>& w : playwords::tieBreaks) {
                        if (tieBreaks->at(i).isString() && word == QLatin1String(w.word)) {
                            settings.tieBreaks.push_back(w.value);
                            found = true;
                        }
                    }
                    if (!found)
                        reader.defect(tat, tr("expected one of twenties, mini-league, shoot-out"));
                }
            }
            if (const auto seeding = readWord(reader, *s, "seeding", sat, playwords::seedings))
                settings.seeding = *seeding;
            whole(*s, "boards", sat, settings.boards);
            if (const auto match = readWord(reader, *s, "match", sat, playwords::matches))
                settings.match = *match;
            whole(*s, "bestOf", sat, settings.bestOf);
            whole(*s, "firstTo", sat, settings.firstTo);
            flag(*s, "thirdPlace", sat, settings.thirdPlace);
            if (const auto level = readWord(reader, *s, "level", sat, playwords::levels))
                settings.level = *level;
        }
        format.stages.push_back(std::move(stage));
    });
    return format;
}

// The seed: a uint64 as a decimal string (a JSON number is a double, which holds 53 bits).
std::optional<std::uint64_t> readSeed(JsonReader& reader, const QJsonObject& parent, const QString& path)
{
    const std::optional<QString> text = reader.text(parent, "seed", path);
    if (!text)
        return std::nullopt;
    bool ok = !text->isEmpty() && text->size() <= 20 && !(text->size() > 1 && text->startsWith(u'0'));
    for (const QChar c : *text)
        ok = ok && c >= u'0' && c <= u'9';
    const std::uint64_t seed = ok ? text->toULongLong(&ok) : 0;
    if (!ok) {
        reader.defect(JsonReader::at(path, "seed"),
                      tr("expected a whole number from 0 to 18446744073709551615 written as a string"));
        return std::nullopt;
    }
    return seed;
}

void readPlay(JsonReader& reader, const QJsonObject& content, EventExchange& exchange, UnitRefs& refs)
{
    // DECISIONS G8: only an event played in FlickDesk has a play; an older file has none.
    if (!content.contains(QStringLiteral("play")))
        return;
    const QString path = QStringLiteral("content.play");
    const std::optional<QJsonObject> object = reader.object(content, "play", QStringLiteral("content"));
    if (!object)
        return;
    EventPlay p;
    if (auto format = readPlayFormat(reader, *object, path))
        p.format = std::move(*format);
    p.seed = readSeed(reader, *object, path).value_or(0);
    if (const std::optional<QJsonArray> groups = reader.array(*object, "hand_groups", path)) {
        for (qsizetype g = 0; g < groups->size(); ++g) {
            const QString at = JsonReader::at(JsonReader::at(path, "hand_groups"), g);
            if (!groups->at(g).isArray()) {
                reader.defect(at, tr("expected an array"));
                continue;
            }
            if (auto units = readUnitList(reader, groups->at(g).toArray(), at, refs))
                p.handGroups.push_back(std::move(*units));
        }
    }
    forEachObject(reader, *object, "ratings", path, [&](const QJsonObject& o, const QString& at) {
        const auto unit = readUnit(reader, o, "unit", at, refs);
        const auto rating = reader.number(o, "rating", at);
        if (unit && rating)
            p.ratings.emplace_back(*unit, *rating);
    });
    forEachObject(reader, *object, "games", path, [&](const QJsonObject& o, const QString& at) {
        play::PlayGame game;
        bool whole = true;
        const auto number = [&](const char* key, int lowest, int& value) {
            if (const auto n = reader.integer(o, key, at, lowest))
                value = *n;
            else
                whole = false;
        };
        if (const auto key = reader.text(o, "key", at)) {
            if (const auto parsed = play::parseGameKey(key->toStdString());
                parsed && QString::fromStdString(play::gameKeyText(*parsed)) == *key)
                game.key = *parsed;
            else {
                reader.defect(JsonReader::at(at, "key"),
                              tr("'%1' is not a game key of the form s0.g1.r2.m3.n0").arg(*key));
                whole = false;
            }
        } else {
            whole = false;
        }
        int stage = 0;
        int group = 0;
        int round = 0;
        number("stage", 0, stage);
        number("group", 0, group);
        number("round", 0, round);
        if (whole && (stage != game.key.stage || group != game.key.group || round != game.key.round))
            reader.defect(JsonReader::at(at, "key"),
                          tr("the key %1 is not of stage %2, group %3, round %4 as the game says")
                              .arg(QString::fromStdString(play::gameKeyText(game.key)))
                              .arg(stage)
                              .arg(group)
                              .arg(round));
        number("board", 0, game.board);
        if (const auto state = readWord(reader, o, "state", at, kGameStates))
            game.state = *state;
        if (auto a = readUnit(reader, o, "a", at, refs))
            game.a = std::move(*a);
        if (reader.has(o, "b", at) && !o.value(QStringLiteral("b")).isNull()) {
            if (auto b = readUnit(reader, o, "b", at, refs))
                game.b = std::move(*b);
        } else if (o.contains(QStringLiteral("b")) && game.state != play::GameState::Bye) {
            reader.defect(JsonReader::at(at, "b"), tr("only a bye has no side b"));
        }
        if (game.state == play::GameState::Bye && !game.b.empty())
            reader.defect(JsonReader::at(at, "b"), tr("a bye has no side b: expected null"));
        number("points_a", 0, game.score.pointsA);
        number("points_b", 0, game.score.pointsB);
        number("twenties_a", 0, game.score.twentiesA);
        number("twenties_b", 0, game.score.twentiesB);
        if (reader.has(o, "shoot_out", at) && !o.value(QStringLiteral("shoot_out")).isNull()) {
            if (const auto side = reader.choice(o, "shoot_out", at, {"a", "b"}))
                game.score.shootOutWinner = *side == 0 ? play::Side::A : play::Side::B;
        }
        p.games.push_back(std::move(game));
    });
    forEachObject(reader, *object, "shoot_outs", path, [&](const QJsonObject& o, const QString& at) {
        play::ShootOutOrder order;
        order.stage = reader.integer(o, "stage", at, 0).value_or(0);
        order.group = reader.integer(o, "group", at, -1).value_or(-1);
        if (const auto units = reader.array(o, "order", at))
            order.order = readUnitList(reader, *units, JsonReader::at(at, "order"), refs)
                              .value_or(std::vector<play::UnitId>{});
        p.shootOuts.push_back(std::move(order));
    });
    forEachObject(reader, *object, "withdrawals", path, [&](const QJsonObject& o, const QString& at) {
        play::Withdrawal withdrawal;
        withdrawal.unit = readUnit(reader, o, "unit", at, refs).value_or(play::UnitId());
        withdrawal.stage = reader.integer(o, "stage", at, 0).value_or(0);
        withdrawal.round = reader.integer(o, "round", at, 0).value_or(0);
        p.withdrawals.push_back(std::move(withdrawal));
    });
    forEachObject(reader, *object, "hand_places", path, [&](const QJsonObject& o, const QString& at) {
        play::HandPlace place;
        place.unit = readUnit(reader, o, "unit", at, refs).value_or(play::UnitId());
        place.place = reader.integer(o, "place", at, 1).value_or(1);
        // An empty reason reads: verify-event names it, import-event refuses it (DECISIONS G6).
        place.reason = reader.text(o, "reason", at).value_or(QString()).toStdString();
        p.handPlaces.push_back(std::move(place));
    });
    forEachObject(reader, *object, "standings", path, [&](const QJsonObject& o, const QString& at) {
        EventPlayStanding group;
        group.stage = reader.integer(o, "stage", at, 0).value_or(0);
        group.group = reader.integer(o, "group", at, 0).value_or(0);
        group.name = reader.text(o, "name", at).value_or(QString()).toStdString();
        forEachObject(reader, o, "rows", at, [&](const QJsonObject& r, const QString& rat) {
            EventPlayStandingRow row;
            row.unit = readUnit(reader, r, "unit", rat, refs).value_or(play::UnitId());
            row.rank = reader.integer(r, "rank", rat, 1).value_or(1);
            row.points = reader.integer(r, "points", rat, 0).value_or(0);
            row.twenties = reader.integer(r, "twenties", rat, 0).value_or(0);
            group.rows.push_back(std::move(row));
        });
        p.standings.push_back(std::move(group));
    });
    forEachObject(reader, *object, "places", path, [&](const QJsonObject& o, const QString& at) {
        play::Place place;
        place.unit = readUnit(reader, o, "unit", at, refs).value_or(play::UnitId());
        place.place = reader.integer(o, "place", at, 1).value_or(1);
        place.rule = reader.text(o, "rule", at).value_or(QString()).toStdString();
        place.byHand = reader.boolean(o, "by_hand", at).value_or(false);
        place.withdrawn = reader.boolean(o, "withdrawn", at).value_or(false);
        p.places.push_back(std::move(place));
    });
    exchange.play = std::move(p);
}

// What the structure of content.play does not say: every unit it names is a unit of the field that
// began (DECISIONS P3), the format can be played by them, and what the database keeps once (a game's
// key, a shoot-out per stage and group, a unit's withdrawal, hand-set place and rating) is listed once.
void checkPlay(JsonReader& reader, const EventExchange& exchange, const std::vector<Defect>& defects,
               const UnitRefs& refs)
{
    if (!exchange.play || defectAtOrUnder(defects, "content.field"))
        return;
    const EventPlay& p = *exchange.play;
    std::set<play::UnitId> began;
    for (const UnitRecord& unit : exchange.event.units) {
        if (unit.status != EntrantStatus::Registered)
            began.insert(std::to_string(unit.number));
    }
    for (const auto& [unit, path] : refs) {
        if (!began.count(unit))
            reader.defect(
                path, tr("unit %1 is not a unit of the field that began").arg(QString::fromStdString(unit)));
    }
    if (!defectAtOrUnder(defects, "content.play.format")) {
        if (const auto problem = play::formatProblem(p.format, static_cast<int>(began.size())))
            reader.defect(QStringLiteral("content.play.format"),
                          tr("the format cannot be played by the %1 units that began: %2")
                              .arg(began.size())
                              .arg(QString::fromStdString(*problem)));
    }
    const auto once = [&reader](const char* list, const auto& items, const auto& keyOf, const char* field) {
        std::map<std::decay_t<decltype(keyOf(items.front()))>, std::size_t> seen;
        for (std::size_t i = 0; i < items.size(); ++i) {
            const auto [it, inserted] = seen.try_emplace(keyOf(items[i]), i);
            if (!inserted)
                reader.defect(
                    JsonReader::at(JsonReader::at(JsonReader::at(QStringLiteral("content.play"), list),
                                                  static_cast<qsizetype>(i)),
                                   field),
                    tr("listed twice (also at [%1])").arg(it->second));
        }
    };
    if (!defectAtOrUnder(defects, "content.play.games"))
        once(
            "games", p.games, [](const play::PlayGame& g) { return g.key; }, "key");
    if (!defectAtOrUnder(defects, "content.play.shoot_outs"))
        once(
            "shoot_outs", p.shootOuts,
            [](const play::ShootOutOrder& o) { return std::pair(o.stage, o.group); }, "group");
    if (!defectAtOrUnder(defects, "content.play.withdrawals"))
        once(
            "withdrawals", p.withdrawals, [](const play::Withdrawal& w) { return w.unit; }, "unit");
    if (!defectAtOrUnder(defects, "content.play.hand_places"))
        once(
            "hand_places", p.handPlaces, [](const play::HandPlace& h) { return h.unit; }, "unit");
    if (!defectAtOrUnder(defects, "content.play.ratings"))
        once(
            "ratings", p.ratings, [](const std::pair<play::UnitId, double>& r) { return r.first; }, "unit");
}

// ---------------------------------------------------------------------------------------------
// CSV

void appendRow(QByteArray& text, std::initializer_list<QString> fields)
{
    bool first = true;
    for (const QString& field : fields) {
        if (!first)
            text.append(',');
        csv::appendField(text, field.toUtf8());
        first = false;
    }
    text.append('\n');
}

struct CsvRow {
    int line = 0;
    std::vector<QString> fields;
};

// RFC 4180 with a UTF-8 BOM, CRLF or LF, blank lines skipped and spaces around fields trimmed: the
// parser of every CSV file (core/formats/csvtable.h), which refuses text that is not UTF-8 and fields or rows
// beyond its bounds. A malformed row is reported with its field and left out.
std::vector<CsvRow> parseCsv(const QByteArray& bytes, const std::string& file, std::vector<Defect>& defects)
{
    csv::CsvParser parser(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    std::vector<CsvRow> rows;
    std::vector<std::string> header;
    csv::CsvRecord record;
    while (parser.next(record)) {
        const bool isHeader = rows.empty();
        if (record.endsInput) {
            defects.push_back(Defect{SourceRef{file, record.line}, {}, {}, record.error});
            break;
        }
        if (!record.error.empty()) {
            csv::report(defects, file, record.line,
                        record.errorField < 0 ? std::string() : csv::fieldName(header, record.errorField), {},
                        record.error);
            if (!isHeader)
                continue;
        } else if (isHeader) {
            header = record.fields;
        }
        CsvRow row;
        row.line = record.line;
        row.fields.reserve(record.fields.size());
        for (const std::string& field : record.fields)
            row.fields.push_back(QString::fromStdString(field));
        rows.push_back(std::move(row));
    }
    return rows;
}

} // namespace

// ---------------------------------------------------------------------------------------------
// The submission file

QJsonObject eventExchangeContent(const EventExchange& exchange)
{
    const EventRecord& event = exchange.event;
    std::map<QString, QString> names;
    std::map<QString, QString> locations;
    for (const PlayerRecord& player : exchange.players) {
        names.emplace(player.id, player.name);
        locations.emplace(player.id, player.location);
    }

    const QJsonObject header{{QStringLiteral("id"), event.id},
                             {QStringLiteral("date"), event.date},
                             {QStringLiteral("name"), event.name},
                             {QStringLiteral("format"), keyword(event.format)},
                             {QStringLiteral("group"), event.group},
                             {QStringLiteral("tour"), keyword(event.tour)},
                             {QStringLiteral("tier"), nullable(event.tier)},
                             {QStringLiteral("season"), event.season},
                             {QStringLiteral("location"), event.location},
                             {QStringLiteral("field_size"), nullable(event.fieldSize)},
                             {QStringLiteral("experimental"), event.experimental},
                             {QStringLiteral("experimental_cap"), nullable(event.experimentalCap)},
                             {QStringLiteral("status"), keyword(event.status)}};
    QJsonArray field;
    for (const UnitRecord& unit : event.units) {
        QJsonArray players;
        for (const QString& id : unit.playerIds) {
            const auto name = names.find(id);
            const auto location = locations.find(id);
            players.append(QJsonObject{
                {QStringLiteral("id"), id},
                {QStringLiteral("name"), nullableText(name == names.end() ? QString() : name->second)},
                {QStringLiteral("location"),
                 nullableText(location == locations.end() ? QString() : location->second)}});
        }
        field.append(QJsonObject{{QStringLiteral("unit"), unit.number},
                                 {QStringLiteral("status"), keyword(unit.status)},
                                 {QStringLiteral("place"), nullable(unit.place)},
                                 {QStringLiteral("players"), players}});
    }
    QJsonArray games;
    for (const GameRecord& game : event.games)
        games.append(QJsonObject{{QStringLiteral("game"), game.number},
                                 {QStringLiteral("a"), QJsonArray::fromStringList(game.sideA)},
                                 {QStringLiteral("b"), QJsonArray::fromStringList(game.sideB)},
                                 {QStringLiteral("winner"), keyword(game.outcome)}});
    QJsonValue award(QJsonValue::Null);
    if (exchange.award) {
        const AwardRecord& a = *exchange.award;
        QJsonArray ratings;
        for (const LockedRating& rating : a.ratings)
            ratings.append(QJsonObject{{QStringLiteral("player_id"), rating.playerId},
                                       {QStringLiteral("mu"), rating.mu},
                                       {QStringLiteral("sigma"), rating.sigma}});
        QJsonArray awards;
        for (const PlayerAward& points : a.awards)
            awards.append(QJsonObject{{QStringLiteral("player_id"), points.playerId},
                                      {QStringLiteral("place"), points.place},
                                      {QStringLiteral("points"), points.points}});
        award = QJsonObject{{QStringLiteral("revision"), a.revision},
                            {QStringLiteral("lock_month"), a.lockMonth},
                            {QStringLiteral("fsi"), a.fsi},
                            {QStringLiteral("fdi"), a.fdi},
                            {QStringLiteral("awarded_at"), a.awardedAt},
                            {QStringLiteral("reason"), a.reason},
                            {QStringLiteral("ratings"), ratings},
                            {QStringLiteral("awards"), awards}};
    }
    QJsonObject content{{QStringLiteral("event"), header},
                        {QStringLiteral("field"), field},
                        {QStringLiteral("games"), games},
                        {QStringLiteral("award"), award}};
    // DECISIONS G8: only an event with a day of play has the key: an older desk's file has none.
    if (exchange.play)
        content.insert(QStringLiteral("play"), playJson(*exchange.play));
    return content;
}

QString contentChecksum(const QJsonObject& content)
{
    return QString::fromLatin1(QCryptographicHash::hash(QJsonDocument(content).toJson(QJsonDocument::Compact),
                                                        QCryptographicHash::Sha256)
                                   .toHex());
}

QByteArray serializeEventExchange(const EventExchange& exchange)
{
    const QJsonObject content = eventExchangeContent(exchange);
    const QJsonObject root{{QStringLiteral("format"), formatTag},
                           {QStringLiteral("version"), eventExchangeVersion},
                           {QStringLiteral("flickdesk"), exchange.flickdeskVersion},
                           {QStringLiteral("content"), content},
                           {QStringLiteral("sha256"), contentChecksum(content)}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

ParsedEventExchange parseEventExchange(const QByteArray& bytes, const QString& fileName)
{
    ParsedEventExchange parsed;
    JsonReader reader(fileName, parsed.defects);
    QJsonParseError error{};
    const QJsonDocument document = QJsonDocument::fromJson(bytes, &error);
    if (error.error != QJsonParseError::NoError) {
        const auto offset = std::clamp<qsizetype>(error.offset, 0, bytes.size());
        const int line = 1 + static_cast<int>(std::count(bytes.begin(), bytes.begin() + offset, '\n'));
        parsed.defects.push_back(Defect{SourceRef{fileName.toStdString(), line},
                                        {},
                                        {},
                                        tr("not valid JSON: %1").arg(error.errorString()).toStdString()});
        return parsed;
    }
    // What QJsonDocument lets through: repeated keys (the last would win), invisible characters
    // (Qt drops a U+FEFF inside a string, which the checksum would not see), over-long text.
    for (const StrictJsonProblem& problem : checkStrictJson(bytes))
        parsed.defects.push_back(Defect{SourceRef{fileName.toStdString(), problem.line},
                                        problem.path.toStdString(),
                                        {},
                                        problem.message.toStdString()});
    if (!parsed.defects.empty())
        return parsed;
    if (!document.isObject()) {
        reader.defect(QString(), tr("expected a FlickDesk event file: one JSON object"));
        return parsed;
    }
    const QJsonObject root = document.object();
    if (root.value(QStringLiteral("format")).toString() != formatTag) {
        reader.defect(QStringLiteral("format"),
                      tr("not a FlickDesk event file (expected \"format\": \"%1\")").arg(formatTag));
        return parsed;
    }
    const std::optional<int> version = reader.integer(root, "version", QString(), 1);
    if (!version)
        return parsed;
    if (*version > eventExchangeVersion) {
        reader.defect(QStringLiteral("version"),
                      tr("version %1 was written by a newer FlickDesk; this one reads "
                         "version %2")
                          .arg(*version)
                          .arg(eventExchangeVersion));
        return parsed;
    }
    parsed.exchange.flickdeskVersion = root.value(QStringLiteral("flickdesk")).toString();
    const std::optional<QJsonObject> content = reader.object(root, "content", QString());
    const std::optional<QString> checksum = reader.text(root, "sha256", QString());
    if (!content || !checksum)
        return parsed;
    // Verified before anything of the content is believed.
    if (contentChecksum(*content) != checksum->toLower()) {
        parsed.checksumMismatch = true;
        reader.defect(
            QStringLiteral("sha256"),
            tr("the checksum does not match the content: the file was changed after it was exported, "
               "or damaged"));
        return parsed;
    }
    // Paths in messages start at the root: "content.event.date".
    readEvent(reader, *content, parsed.exchange);
    readField(reader, *content, parsed.exchange);
    readGames(reader, *content, parsed.exchange);
    readAward(reader, *content, parsed.exchange);
    UnitRefs playUnits;
    readPlay(reader, *content, parsed.exchange, playUnits);
    checkConsistency(reader, fileName, parsed.exchange, parsed.defects);
    checkPlay(reader, parsed.exchange, parsed.defects, playUnits);
    return parsed;
}

// ---------------------------------------------------------------------------------------------
// The day of play

QJsonObject playFormatObject(const play::Format& format)
{
    QJsonArray stages;
    for (const play::Stage& stage : format.stages) {
        const play::StageSettings& s = stage.settings;
        QJsonArray tieBreaks;
        for (const play::TieBreak tieBreak : s.tieBreaks)
            tieBreaks.append(wordOf(playwords::tieBreaks, tieBreak));
        const QJsonObject settings{{QStringLiteral("roundsPerGame"), s.roundsPerGame},
                                   {QStringLiteral("gamesPerPairing"), s.gamesPerPairing},
                                   {QStringLiteral("byePoints"), s.byePoints},
                                   {QStringLiteral("walkoverPoints"), s.walkoverPoints},
                                   {QStringLiteral("tieBreaks"), tieBreaks},
                                   {QStringLiteral("seeding"), wordOf(playwords::seedings, s.seeding)},
                                   {QStringLiteral("boards"), s.boards},
                                   {QStringLiteral("match"), wordOf(playwords::matches, s.match)},
                                   {QStringLiteral("bestOf"), s.bestOf},
                                   {QStringLiteral("firstTo"), s.firstTo},
                                   {QStringLiteral("thirdPlace"), s.thirdPlace},
                                   {QStringLiteral("level"), wordOf(playwords::levels, s.level)}};
        stages.append(QJsonObject{{QStringLiteral("name"), QString::fromStdString(stage.name)},
                                  {QStringLiteral("kind"), wordOf(playwords::stageKinds, stage.kind)},
                                  {QStringLiteral("settings"), settings},
                                  {QStringLiteral("takeTop"), stage.takeTop},
                                  {QStringLiteral("groups"), stage.groups},
                                  {QStringLiteral("rounds"), stage.rounds},
                                  {QStringLiteral("swiss"), stage.swiss},
                                  {QStringLiteral("poolSizes"), intArray(stage.poolSizes)},
                                  {QStringLiteral("bracketSizes"), intArray(stage.bracketSizes)},
                                  {QStringLiteral("perTier"), stage.perTier}});
    }
    return QJsonObject{{QStringLiteral("name"), QString::fromStdString(format.name)},
                       {QStringLiteral("stages"), stages}};
}

EventPlay eventPlayOf(const play::PlayInput& input, const play::PlayState& state)
{
    EventPlay p;
    p.format = input.format;
    p.seed = input.seed;
    p.handGroups = input.handGroups;
    for (const play::PlayUnit& unit : input.units)
        p.ratings.emplace_back(unit.id, unit.rating);
    for (const play::PlayStage& stage : state.stages) {
        for (std::size_t g = 0; g < stage.groups.size(); ++g) {
            const play::PlayGroup& group = stage.groups[g];
            for (const play::PlayGame& game : group.games) {
                if (game.state == play::GameState::Waiting)
                    continue;
                play::PlayGame written = game;
                written.wave = 0; // not in the file
                p.games.push_back(std::move(written));
            }
            if (group.standings.rows.empty())
                continue;
            EventPlayStanding standing;
            standing.stage = stage.index;
            standing.group = static_cast<int>(g);
            standing.name = cutText(group.name);
            for (const play::StandingRow& row : group.standings.rows)
                standing.rows.push_back({row.unit, row.position, row.points, row.twenties});
            p.standings.push_back(std::move(standing));
        }
    }
    std::sort(p.games.begin(), p.games.end(),
              [](const play::PlayGame& x, const play::PlayGame& y) { return x.key < y.key; });
    p.shootOuts = input.shootOuts;
    p.withdrawals = input.withdrawals;
    p.handPlaces = input.handPlaces;
    for (play::HandPlace& place : p.handPlaces)
        place.reason = cutText(place.reason);
    p.places = state.places;
    for (play::Place& place : p.places)
        place.rule = cutText(place.rule);
    return p;
}

play::PlayInput playInputOf(const EventPlay& p)
{
    play::PlayInput input;
    input.format = p.format;
    input.seed = p.seed;
    input.handGroups = p.handGroups;
    for (const play::PlayGame& game : p.games) {
        // A bye's and a walkover's score is the play's own (G3, G7): only a scored game was entered.
        if (game.state != play::GameState::Scored)
            continue;
        input.scores[game.key] = game.score;
        input.enteredFor[game.key] = {game.a, game.b};
    }
    input.shootOuts = p.shootOuts;
    input.withdrawals = p.withdrawals;
    input.handPlaces = p.handPlaces;
    return input;
}

// ---------------------------------------------------------------------------------------------
// History folder

HistoryFiles historyFilesOf(const EventRecord& event)
{
    HistoryFiles files;
    int began = 0;
    for (const UnitRecord& unit : event.units)
        began += unit.status == EntrantStatus::Registered ? 0 : 1;
    files.events.append("event_id,date,name,format,group,tour,tier,season,field_size\n");
    appendRow(files.events, {event.id, event.date, event.name, keyword(event.format), event.group,
                             keyword(event.tour), event.tier ? QString::number(*event.tier) : QString(),
                             event.season, QString::number(event.fieldSize.value_or(began))});
    files.results.append("event_id,place,player_id,team\n");
    const bool doubles = event.format == engine::EventFormat::Doubles;
    for (const UnitRecord& unit : event.units) {
        if (unit.status == EntrantStatus::Registered)
            continue;
        for (const QString& player : unit.playerIds)
            appendRow(files.results, {event.id, unit.place ? QString::number(*unit.place) : QString(), player,
                                      doubles ? QString::number(unit.number) : QString()});
    }
    if (!event.games.empty()) {
        files.games.append("event_id,game,side_a,side_b,winner\n");
        for (const GameRecord& game : event.games)
            appendRow(files.games, {event.id, QString::number(game.number), game.sideA.join(u'+'),
                                    game.sideB.join(u'+'), keyword(game.outcome)});
    }
    return files;
}

// ---------------------------------------------------------------------------------------------
// The NCA rating list

ParsedRatingList parseRatingList(const QByteArray& bytes, const QString& fileName)
{
    ParsedRatingList list;
    const std::string file = fileName.toStdString();
    const std::vector<CsvRow> rows = parseCsv(bytes, file, list.defects);
    const auto report = [&](int line, const char* field, const QString& message) {
        csv::report(list.defects, file, line, field, {}, message.toStdString()); // at most csv::mostDefects
    };
    if (rows.empty()) {
        report(1, "", tr("the file is empty; expected a header line player_id,name,mu,sigma"));
        return list;
    }
    const CsvRow& header = rows.front();
    const auto column = [&header](const char* name) {
        for (std::size_t i = 0; i < header.fields.size(); ++i) {
            if (header.fields[i].compare(QLatin1String(name), Qt::CaseInsensitive) == 0)
                return static_cast<int>(i);
        }
        return -1;
    };
    const int idColumn = column("player_id");
    const int nameColumn = column("name");
    const int muColumn = column("mu");
    const int sigmaColumn = column("sigma");
    for (const auto& [index, name] :
         {std::pair(idColumn, "player_id"), std::pair(muColumn, "mu"), std::pair(sigmaColumn, "sigma")}) {
        if (index < 0)
            report(header.line, name, tr("missing column"));
    }
    if (idColumn < 0 || muColumn < 0 || sigmaColumn < 0)
        return list;

    std::map<QString, int> seen;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        const CsvRow& row = rows[r];
        if (row.fields.size() != header.fields.size()) {
            report(
                row.line, "",
                tr("the row has %1 fields, the header %2").arg(row.fields.size()).arg(header.fields.size()));
            continue;
        }
        RatingListEntry entry;
        entry.line = row.line;
        entry.playerId = row.fields[static_cast<std::size_t>(idColumn)];
        if (nameColumn >= 0)
            entry.name = row.fields[static_cast<std::size_t>(nameColumn)];
        bool usable = true;
        if (entry.playerId.isEmpty()) {
            report(row.line, "player_id", tr("empty"));
            usable = false;
        } else if (const QString problem = idProblem(entry.playerId); !problem.isEmpty()) {
            report(row.line, "player_id", tr("the id '%1' %2").arg(printableId(entry.playerId), problem));
            usable = false;
        } else if (const auto [it, inserted] = seen.try_emplace(entry.playerId, row.line); !inserted) {
            report(row.line, "player_id",
                   tr("player %1 is listed twice (line %2 and line %3)")
                       .arg(entry.playerId)
                       .arg(it->second)
                       .arg(row.line));
            usable = false;
        }
        bool ok = false;
        const QString muText = row.fields[static_cast<std::size_t>(muColumn)];
        entry.mu = muText.toDouble(&ok);
        if (!ok || !std::isfinite(entry.mu)) {
            report(row.line, "mu", tr("'%1' is not a number").arg(muText));
            usable = false;
        }
        const QString sigmaText = row.fields[static_cast<std::size_t>(sigmaColumn)];
        entry.sigma = sigmaText.toDouble(&ok);
        if (!ok || !std::isfinite(entry.sigma) || entry.sigma <= 0.0) {
            report(row.line, "sigma", tr("'%1' is not a number above 0").arg(sigmaText));
            usable = false;
        }
        if (usable)
            list.entries.push_back(std::move(entry));
    }
    if (rows.size() == 1)
        report(header.line, "", tr("no ratings: the file has only its header"));
    return list;
}

// ---------------------------------------------------------------------------------------------
// The files of an export

QString historyFolderFor(const QString& jsonPath)
{
    const QFileInfo info(jsonPath);
    QString base = info.fileName();
    if (base.endsWith(QLatin1String(".json"), Qt::CaseInsensitive))
        base.chop(5);
    return info.dir().filePath(base + QStringLiteral("-history"));
}

// The JSON file and its history folder must never be a pair from two different exports, even when
// the process is killed between two steps, and a failed export leaves the earlier one as it was.
// So everything is first written whole under temporary names beside the targets (each file
// flushed to disk and checked: a full disk fails here, with nothing of the earlier export touched),
// and then only renames follow, with the JSON file as the export's seal, taken away first and put
// back last:
//   1. the history folder into a temporary folder FILE-history.XXXXXX, the JSON into a QSaveFile;
//   2. the old FILE.json renamed aside (FILE.json.old-XXXXXX), any file of the director's in the old
//      FILE-history/ moved into the new folder, then the old FILE-history/ renamed aside;
//   3. the new folder renamed to FILE-history/, then the new JSON committed to FILE.json;
//   4. the old ones removed.
// Killed at any point, the folder holds either the old export, the old history without its JSON,
// nothing, the new history without its JSON, or the new export: a JSON is never beside a history
// that is not its own. A failed rename puts the old ones back. Left-overs of a killed export carry
// the .XXXXXX or .old-XXXXXX names and hold the earlier export.
QString writeEventExport(const EventExchange& exchange, const QString& jsonPath)
{
    const QString shownJson = QDir::toNativeSeparators(jsonPath);
    const QString folder = QDir::cleanPath(historyFolderFor(jsonPath));
    const QFileInfo folderInfo(folder);
    if (folderInfo.isSymLink() || (folderInfo.exists() && !folderInfo.isDir()))
        return tr("cannot write the folder %1: a file or link of that name is in the way")
            .arg(QDir::toNativeSeparators(folder));
    QTemporaryDir fresh(folder + QStringLiteral(".XXXXXX"));
    if (!fresh.isValid())
        return tr("cannot create a folder beside %1: %2")
            .arg(QDir::toNativeSeparators(folder), fresh.errorString());
    const HistoryFiles files = historyFilesOf(exchange.event);
    const QDir dir(fresh.path());
    for (const auto& [name, bytes] : {std::pair(QStringLiteral("events.csv"), &files.events),
                                      std::pair(QStringLiteral("results.csv"), &files.results),
                                      std::pair(QStringLiteral("games.csv"), &files.games)}) {
        if (bytes->isEmpty() && name == QLatin1String("games.csv"))
            continue;
        if (QString error = writeFileAtomically(dir.filePath(name), *bytes); !error.isEmpty())
            return error.replace(QDir::toNativeSeparators(fresh.path()), QDir::toNativeSeparators(folder));
    }
    // QTemporaryDir makes its folder for the owner alone; the export is an ordinary folder (umask).
    giveNewFolderMode(fresh.path());
    QSaveFile json(jsonPath);
    const QByteArray bytes = serializeEventExchange(exchange);
    if (!json.open(QIODevice::WriteOnly) || json.write(bytes) != bytes.size() || !flushToDisk(json))
        return tr("cannot write %1: %2").arg(shownJson, json.errorString());

    const auto rename = [](const QString& from, const QString& to) {
        return std::rename(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0;
    };
    // A name beside `path` that nothing has: `path` + suffix + six random letters.
    const auto asideName = [](const QString& path) {
        QTemporaryFile probe(path + QStringLiteral(".old-XXXXXX"));
        if (!probe.open())
            return QString();
        const QString name = probe.fileName();
        probe.remove();
        return name;
    };
    QString oldJson;
    QString oldFolder;
    const auto restore = [&]() {
        if (!oldFolder.isEmpty())
            rename(oldFolder, folder);
        if (!oldJson.isEmpty())
            rename(oldJson, jsonPath);
    };
    if (QFileInfo::exists(jsonPath)) {
        oldJson = asideName(jsonPath);
        if (oldJson.isEmpty() || !rename(jsonPath, oldJson))
            return tr("cannot replace %1: it cannot be renamed").arg(shownJson);
    }
    // Anything else in the old folder (a note of the director's) goes along into the new one.
    QStringList movedAlong;
    const auto moveBack = [&]() {
        for (const QString& name : std::as_const(movedAlong))
            rename(dir.filePath(name), QDir(folder).filePath(name));
    };
    if (folderInfo.exists()) {
        const QStringList exported = {QStringLiteral("events.csv"), QStringLiteral("results.csv"),
                                      QStringLiteral("games.csv")};
        for (const QString& name :
             QDir(folder).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System)) {
            if (exported.contains(name))
                continue;
            if (!rename(QDir(folder).filePath(name), dir.filePath(name))) {
                moveBack();
                restore();
                return tr("cannot replace the folder %1: %2 in it cannot be moved")
                    .arg(QDir::toNativeSeparators(folder), name);
            }
            movedAlong.append(name);
        }
    }
    if (folderInfo.exists()) {
        oldFolder = asideName(folder);
        if (oldFolder.isEmpty() || !rename(folder, oldFolder)) {
            oldFolder.clear();
            moveBack();
            restore();
            return tr("cannot replace the folder %1: it cannot be renamed")
                .arg(QDir::toNativeSeparators(folder));
        }
    }
    if (!rename(fresh.path(), folder)) {
        restore();
        moveBack();
        return tr("cannot write the folder %1: it cannot be renamed into place")
            .arg(QDir::toNativeSeparators(folder));
    }
    fresh.setAutoRemove(false);
    if (!json.commit()) {
        rename(folder, fresh.path());
        fresh.setAutoRemove(true);
        restore();
        moveBack();
        return tr("cannot write %1: %2").arg(shownJson, json.errorString());
    }
    if (!oldJson.isEmpty())
        QFile::remove(oldJson);
    if (!oldFolder.isEmpty())
        QDir(oldFolder).removeRecursively();
    return {};
}

} // namespace flickdesk::core
