// flickdesk-cli play: the day of play of an event in a database, from the command line (issue 28,
// docs/play.md "From the command line"): its format, the round's draw, scores from a CSV file, the
// standings and the places, which --apply writes as the event's standings; the next stage started
// once the director has checked who goes on (advance, --undo until its first score).

#include "cli/cliprivate.h"
#include "core/awards/monthlocks.h"
#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/play/playresults.h"
#include "core/store/store.h"
#include "flickdesk/engine/playday.h"

#include <QByteArray>
#include <QFileInfo>

namespace flickdesk::core::cli_internal {
namespace {

namespace play = engine::play;

QString csvField(const QString& text)
{
    if (!text.contains(u',') && !text.contains(u'"') && !text.contains(u'\n'))
        return text;
    QString quoted = text;
    quoted.replace(QStringLiteral("\""), QStringLiteral("\"\""));
    return u'"' + quoted + u'"';
}

QByteArray csvLine(const QStringList& fields)
{
    QStringList cells;
    for (const QString& field : fields)
        cells.append(csvField(field));
    return cells.join(u',').toUtf8() + '\n';
}

QString qs(const std::string& text)
{
    return QString::fromStdString(text);
}

// The open play of one event: the store, the units' ratings and the play computed.
struct OpenPlay {
    std::unique_ptr<Store> store;
    QString eventId;
    PlayRatings ratings;
    std::map<play::UnitId, QString> names;
};

// DECISIONS G4: the units' ratings from the event month's lock; when the lock cannot be had (a
// history that cannot be rated), the entrants' numbers in order, said on the error stream.
PlayRatings ratingsOf(Store& store, const QString& eventId, QTextStream& err)
{
    try {
        MonthLocks locks(store);
        return playRatings(store, locks, eventId);
    } catch (const StoreError& error) {
        err << Cli::tr("play: the month's ratings cannot be had (%1); the groups are seeded by entrant "
                       "number instead.\n")
                   .arg(error.message());
        PlayRatings ratings;
        for (const Entrant& entrant : store.entrants(eventId))
            ratings[entrant.number] = -static_cast<double>(entrant.number);
        return ratings;
    }
}

int refused(QTextStream& err, const QString& message)
{
    err << QStringLiteral("play: ") << message << u'\n';
    return cli_exit::inputDefects;
}

QString unitName(const OpenPlay& open, const play::UnitId& unit)
{
    const auto it = open.names.find(unit);
    return it == open.names.end() ? qs(unit) : it->second;
}

int runFormat(Invocation& call, OpenPlay& open)
{
    const std::optional<QString> name = call.arguments.value("--template");
    if (!name)
        return call.usage(Cli::tr("play format needs --template NAME (%1)")
                              .arg(playTemplateNames().join(QStringLiteral(", "))));
    const std::optional<play::Template> kind = playTemplateNamed(*name);
    if (!kind)
        return call.usage(Cli::tr("no template named '%1'; the templates are %2")
                              .arg(*name, playTemplateNames().join(QStringLiteral(", "))));
    int boards = 0;
    if (const auto text = call.arguments.value("--boards")) {
        bool ok = false;
        boards = text->toInt(&ok);
        if (!ok || boards < 0)
            return call.usage(Cli::tr("--boards takes a number of boards, 0 or more"));
    }
    std::uint64_t seed = 1;
    if (const auto text = call.arguments.value("--seed")) {
        bool ok = false;
        seed = text->toULongLong(&ok);
        if (!ok)
            return call.usage(Cli::tr("--seed takes a whole number"));
    }
    const std::vector<play::PlayUnit> units = open.store->playUnits(open.eventId, open.ratings);
    const play::Format format = play::makeTemplate(*kind, static_cast<int>(units.size()), boards);
    open.store->setPlayFormat(open.eventId, format, seed);
    QStringList stages;
    for (const play::Stage& stage : format.stages)
        stages.append(qs(stage.name));
    call.out << Cli::tr("%1: %2 for %3 players or teams: %4.\n")
                    .arg(open.eventId, qs(format.name))
                    .arg(units.size())
                    .arg(stages.join(QStringLiteral(", ")));
    return cli_exit::ok;
}

int runDraw(Invocation& call, OpenPlay& open, const play::PlayState& state)
{
    QByteArray bytes = csvLine({QStringLiteral("game"), QStringLiteral("stage"), QStringLiteral("group"),
                                QStringLiteral("round"), QStringLiteral("board"), QStringLiteral("wave"),
                                QStringLiteral("a"), QStringLiteral("a_name"), QStringLiteral("b"),
                                QStringLiteral("b_name")});
    for (const play::PlayGame* game : state.waitingGames()) {
        bytes += csvLine({qs(play::gameKeyText(game->key)), QString::number(game->key.stage + 1),
                          qs(state.stages[static_cast<std::size_t>(game->key.stage)]
                                 .groups[static_cast<std::size_t>(game->key.group)]
                                 .name),
                          QString::number(game->key.round + 1), QString::number(game->board),
                          QString::number(game->wave), qs(game->a), unitName(open, game->a), qs(game->b),
                          unitName(open, game->b)});
    }
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

int runStandingsOf(Invocation& call, OpenPlay& open, const play::PlayState& state)
{
    QByteArray bytes = csvLine({QStringLiteral("stage"), QStringLiteral("group"), QStringLiteral("position"),
                                QStringLiteral("unit"), QStringLiteral("name"), QStringLiteral("points"),
                                QStringLiteral("twenties"), QStringLiteral("games"), QStringLiteral("wins"),
                                QStringLiteral("draws"), QStringLiteral("losses"), QStringLiteral("reason")});
    for (const play::PlayStage& stage : state.stages) {
        for (const play::PlayGroup& group : stage.groups) {
            for (const play::StandingRow& row : group.standings.rows)
                bytes += csvLine({QString::number(stage.index + 1), qs(group.name),
                                  QString::number(row.position), qs(row.unit), unitName(open, row.unit),
                                  QString::number(row.points), QString::number(row.twenties),
                                  QString::number(row.games), QString::number(row.wins),
                                  QString::number(row.draws), QString::number(row.losses), qs(row.reason)});
            for (std::size_t i = 0; i < group.playoffOrder.size(); ++i)
                bytes += csvLine({QString::number(stage.index + 1),
                                  qs(group.name),
                                  QString::number(i + 1),
                                  qs(group.playoffOrder[i]),
                                  unitName(open, group.playoffOrder[i]),
                                  {},
                                  {},
                                  {},
                                  {},
                                  {},
                                  {},
                                  i < group.playoffReasons.size() ? qs(group.playoffReasons[i]) : QString()});
        }
    }
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

int runPlaces(Invocation& call, OpenPlay& open, const play::PlayState& state)
{
    if (call.has("--apply")) {
        applyPlayPlaces(*open.store, open.eventId, state);
        call.err << Cli::tr("%1: %2 places written as the event's standings.\n")
                        .arg(open.eventId)
                        .arg(state.places.size());
    }
    QByteArray bytes = csvLine({QStringLiteral("place"), QStringLiteral("unit"), QStringLiteral("name"),
                                QStringLiteral("rule"), QStringLiteral("final")});
    for (const play::Place& place : state.places)
        bytes += csvLine({QString::number(place.place), qs(place.unit), unitName(open, place.unit),
                          qs(place.rule), state.placesFinal ? QStringLiteral("yes") : QStringLiteral("no")});
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

// One row of a scores file: the field it failed on and why.
struct RowProblem {
    QString field;
    QString message;
};

int runScores(Invocation& call, OpenPlay& open, const QString& path)
{
    const BoundedFile file = readBoundedFile(path, file_limits::csvFile);
    if (!file.ok())
        return refused(call.err, path + QStringLiteral(": ") + file.problem);
    const std::string text = file.bytes.toStdString();
    csv::CsvParser parser(text);
    csv::CsvRecord header;
    const QString fileName = QFileInfo(path).fileName();
    if (!parser.next(header) || !header.error.empty())
        return refused(call.err, Cli::tr("%1, line 1: expected a header line such as "
                                         "game,points_a,points_b,twenties_a,twenties_b")
                                     .arg(fileName));
    std::map<QString, int> columns;
    for (std::size_t i = 0; i < header.fields.size(); ++i)
        columns[qs(header.fields[i]).trimmed().toLower()] = static_cast<int>(i);
    for (const char* needed : {"points_a", "points_b", "twenties_a", "twenties_b"}) {
        if (!columns.contains(QLatin1String(needed)))
            return refused(call.err, Cli::tr("%1, line %2: no column %3")
                                         .arg(fileName)
                                         .arg(header.line)
                                         .arg(QLatin1String(needed)));
    }
    const bool byKey = columns.contains(QStringLiteral("game"));
    if (!byKey && (!columns.contains(QStringLiteral("round")) || !columns.contains(QStringLiteral("board"))))
        return refused(call.err,
                       Cli::tr("%1, line %2: a game is named by a column game, or by round and board")
                           .arg(fileName)
                           .arg(header.line));
    int recorded = 0;
    int unchanged = 0;
    csv::CsvRecord record;
    while (parser.next(record)) {
        const auto field = [&](const char* name) -> QString {
            const auto it = columns.find(QLatin1String(name));
            if (it == columns.end() || it->second >= static_cast<int>(record.fields.size()))
                return {};
            return qs(record.fields[static_cast<std::size_t>(it->second)]).trimmed();
        };
        const auto fail = [&](const QString& column, const QString& message) {
            call.err
                << Cli::tr("play: %1, line %2, %3: %4\n").arg(fileName).arg(record.line).arg(column, message);
            call.err << Cli::tr(
                            "play: %1 scores were recorded before line %2 (each row is its own entry); the "
                            "rows from line %2 on were not.\n")
                            .arg(recorded)
                            .arg(record.line);
            return cli_exit::inputDefects;
        };
        if (!record.error.empty())
            return fail(Cli::tr("the row"), qs(record.error));
        // The play as stored so far: a later stage is drawn once the scores before it are in.
        const play::PlayInput input = open.store->playInput(open.eventId, open.ratings);
        const play::PlayState state = play::computePlay(input);
        play::GameKey key;
        if (byKey) {
            const auto parsed = play::parseGameKey(field("game").toStdString());
            if (!parsed)
                return fail(QStringLiteral("game"),
                            Cli::tr("'%1' is not a game such as s0.g0.r0.m0.n0").arg(field("game")));
            key = *parsed;
        } else {
            bool okRound = false;
            bool okBoard = false;
            const int round = field("round").toInt(&okRound);
            const int board = field("board").toInt(&okBoard);
            if (!okRound || round < 1)
                return fail(QStringLiteral("round"),
                            Cli::tr("'%1' is not a round (1 or more)").arg(field("round")));
            if (!okBoard || board < 1)
                return fail(QStringLiteral("board"),
                            Cli::tr("'%1' is not a board (1 or more)").arg(field("board")));
            // A game waiting on that board in that round; else one scored there already (a file read
            // again after a fix), of the latest stage.
            const play::PlayGame* found = nullptr;
            for (const play::PlayGame* game : state.waitingGames()) {
                if (game->key.round == round - 1 && game->board == board)
                    found = game;
            }
            for (auto stage = state.stages.rbegin(); !found && stage != state.stages.rend(); ++stage) {
                for (const play::PlayGroup& group : stage->groups) {
                    for (const play::PlayGame& game : group.games) {
                        if (!found && game.state == play::GameState::Scored && game.key.round == round - 1 &&
                            game.board == board)
                            found = &game;
                    }
                }
            }
            if (!found)
                return fail(
                    QStringLiteral("board"),
                    Cli::tr("no game waits for a score on board %1 in round %2").arg(board).arg(round));
            key = found->key;
        }
        play::Score score;
        const std::pair<const char*, int*> numbers[] = {{"points_a", &score.pointsA},
                                                        {"points_b", &score.pointsB},
                                                        {"twenties_a", &score.twentiesA},
                                                        {"twenties_b", &score.twentiesB}};
        for (const auto& [name, value] : numbers) {
            bool ok = false;
            *value = field(name).toInt(&ok);
            if (!ok || *value < 0)
                return fail(QLatin1String(name), Cli::tr("'%1' is not a number 0 or more").arg(field(name)));
        }
        const QString shootOut = field("shoot_out").toUpper();
        if (shootOut == QLatin1String("A"))
            score.shootOutWinner = play::Side::A;
        else if (shootOut == QLatin1String("B"))
            score.shootOutWinner = play::Side::B;
        else if (!shootOut.isEmpty())
            return fail(QStringLiteral("shoot_out"), Cli::tr("'%1' is not A or B").arg(shootOut));
        const auto stored = input.scores.find(key);
        if (stored != input.scores.end() && stored->second == score) {
            ++unchanged; // the file read again after a fix: the rows stored already are skipped
            continue;
        }
        try {
            open.store->recordScore(open.eventId, open.ratings, key, score);
        } catch (const StoreError& error) {
            if (error.kind() != StoreError::Kind::Refused)
                throw;
            return fail(Cli::tr("the score"), error.message());
        }
        ++recorded;
    }
    call.out
        << Cli::tr("%1: %2 scores recorded, %3 already stored.\n").arg(fileName).arg(recorded).arg(unchanged);
    return cli_exit::ok;
}

// Issue 28 item 5: the next stage, shown as a preview once the stage before is complete, started
// (its games take scores from now on), or with --undo the last stage started taken back to a
// preview (refused once it has a score). Writes who goes on where, and why, as CSV.
int runAdvance(Invocation& call, OpenPlay& open)
{
    const bool undo = call.has("--undo");
    play::PlayState state = play::computePlay(open.store->playInput(open.eventId, open.ratings));
    if (state.problem)
        return refused(call.err, qs(*state.problem));
    const play::Format format = open.store->playSetup(open.eventId)->format;
    int stage = 0;
    if (undo) {
        stage = open.store->playSetup(open.eventId)->stagesStarted - 1;
        if (stage < 1)
            return refused(call.err, Cli::tr("only the first stage has started: there is no advancement to "
                                             "take back"));
        open.store->undoPlayStageStart(open.eventId, stage);
        call.err << Cli::tr("%1: %2 taken back; it starts again with play advance.\n")
                        .arg(open.eventId, qs(format.stages[static_cast<std::size_t>(stage)].name));
    } else {
        stage = state.awaitingStart;
        if (stage < 1)
            return refused(call.err,
                           state.blockingTies.empty()
                               ? Cli::tr("no stage waits to start: the stage before is not complete")
                               : Cli::tr("a tie decides who goes on: record the shoot-out's order first"));
        open.store->startPlayStage(open.eventId, open.ratings, stage);
        call.err << Cli::tr("%1: %2 started.\n")
                        .arg(open.eventId, qs(format.stages[static_cast<std::size_t>(stage)].name));
    }
    state = play::computePlay(open.store->playInput(open.eventId, open.ratings));
    if (stage >= static_cast<int>(state.stages.size()))
        return writeOutput(call.out, call.err, call.name(), call.arguments, QByteArray());
    const play::PlayStage& before = state.stages[static_cast<std::size_t>(stage - 1)];
    std::map<play::UnitId, QString> why;
    for (std::size_t i = 0; i < before.order.size() && i < before.orderReasons.size(); ++i)
        why[before.order[i]] = qs(before.orderReasons[i]);
    QByteArray bytes = csvLine({QStringLiteral("stage"), QStringLiteral("group"), QStringLiteral("unit"),
                                QStringLiteral("name"), QStringLiteral("why"), QStringLiteral("started")});
    const play::PlayStage& next = state.stages[static_cast<std::size_t>(stage)];
    for (const play::PlayGroup& group : next.groups)
        for (const play::UnitId& unit : group.units)
            bytes += csvLine({QString::number(stage + 1), qs(group.name), qs(unit), unitName(open, unit),
                              why[unit], next.started ? QStringLiteral("yes") : QStringLiteral("no")});
    return writeOutput(call.out, call.err, call.name(), call.arguments, bytes);
}

} // namespace

int runPlay(Invocation& call)
{
    const QStringList& positional = call.arguments.positional;
    static const QStringList subcommands{QStringLiteral("format"), QStringLiteral("draw"),
                                         QStringLiteral("scores"), QStringLiteral("standings"),
                                         QStringLiteral("places"), QStringLiteral("advance")};
    if (positional.isEmpty())
        return call.usage(Cli::tr("missing what to do: %1").arg(subcommands.join(QStringLiteral(", "))));
    const QString what = positional.first();
    if (!subcommands.contains(what))
        return call.usage(Cli::tr("unknown play command '%1'").arg(what));
    const qsizetype wanted = what == QLatin1String("scores") ? 4 : 3;
    if (positional.size() < wanted)
        return call.usage(what == QLatin1String("scores") ? Cli::tr("play scores needs DB EVENT FILE.csv")
                                                          : Cli::tr("play %1 needs DB EVENT").arg(what));
    if (positional.size() > wanted)
        return call.usage(Cli::tr("unexpected argument '%1'").arg(positional[wanted]));
    if (call.has("--apply") && what != QLatin1String("places"))
        return call.usage(Cli::tr("--apply is for play places only"));
    if (call.has("--undo") && what != QLatin1String("advance"))
        return call.usage(Cli::tr("--undo is for play advance only"));

    Arguments database;
    database.values[QStringLiteral("--db")] = positional[1];
    if (const auto output = call.arguments.value("--output"))
        database.values[QStringLiteral("--output")] = *output;
    if (const auto stop = refuseOutputOverDatabase(call.err, call.name(), database))
        return *stop;
    const bool writes = what == QLatin1String("format") || what == QLatin1String("scores") ||
                        what == QLatin1String("advance") || call.has("--apply");
    int status = cli_exit::ok;
    OpenPlay open;
    open.store = openStore(database, call.name(), writes, call.err, status);
    if (!open.store)
        return status;
    open.eventId = positional[2];
    try {
        if (!open.store->event(open.eventId))
            return refused(call.err, Cli::tr("there is no event %1 in %2").arg(open.eventId, positional[1]));
        open.ratings = ratingsOf(*open.store, open.eventId, call.err);
        for (const play::PlayUnit& unit : open.store->playUnits(open.eventId, open.ratings))
            open.names[unit.id] = qs(unit.name);
        if (what == QLatin1String("format"))
            return runFormat(call, open);
        if (what == QLatin1String("scores"))
            return runScores(call, open, positional[3]);
        if (what == QLatin1String("advance"))
            return runAdvance(call, open);
        const play::PlayState state = play::computePlay(open.store->playInput(open.eventId, open.ratings));
        if (state.problem)
            return refused(call.err, qs(*state.problem));
        if (what == QLatin1String("draw"))
            return runDraw(call, open, state);
        if (what == QLatin1String("standings"))
            return runStandingsOf(call, open, state);
        return runPlaces(call, open, state);
    } catch (const StoreError& error) {
        call.err << QStringLiteral("play: ") << error.message() << u'\n';
        if (error.kind() == StoreError::Kind::ReadOnly)
            return cli_exit::cannotWrite;
        return error.kind() == StoreError::Kind::Refused ? cli_exit::inputDefects : cli_exit::internalError;
    }
}

} // namespace flickdesk::core::cli_internal
