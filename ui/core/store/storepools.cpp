// The FlickDesk database (core/store/store.h): rating pools of the other systems (issue 7).

#include "core/store/storeprivate.h"

namespace flickdesk::core {
namespace {

QString poolTr(const char* text)
{
    return QCoreApplication::translate("flickdesk::core::Store", text);
}

// The "file" names runSystem gives the pool's rows in its messages ("no player X in the pool's
// players"): a pool is no file.
QString poolPlayersFile()
{
    return poolTr("the pool's players");
}

QString poolGamesFile()
{
    return poolTr("the pool's games");
}

int columnIndex(const QStringList& columns, const QString& name)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].compare(name, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

// The column of a Squares games file that names the game its row belongs to: the first whose name
// begins with "game" (game, game_id, ...).
int gameKeyColumn(const QStringList& columns)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].startsWith(QLatin1String("game"), Qt::CaseInsensitive))
            return static_cast<int>(i);
    }
    return -1;
}

QString rowJson(const QStringList& columns, const QStringList& fields)
{
    QJsonObject object;
    for (qsizetype i = 0; i < columns.size(); ++i)
        object.insert(columns[i], i < fields.size() ? fields[i].trimmed() : QString());
    return jsonText(object);
}

QStringList rowFromJson(const QStringList& columns, const QString& json)
{
    const QJsonObject object = QJsonDocument::fromJson(json.toUtf8()).object();
    QStringList fields;
    fields.reserve(columns.size());
    for (const QString& column : columns)
        fields.append(object.value(column).toString());
    return fields;
}

// Where a row of a CSV text built for runSystem came from.
struct RowOrigin {
    int line = 0; // the row's first line in the built text
    QString where;
    int game = 0;
    int playerLine = 0;
    QString file; // an imported file's name (its rows' defects about a missing column are merged)
};

// A CSV text for runSystem, one row at a time, remembering where each row came from.
class PoolCsv {
public:
    explicit PoolCsv(QStringList columns)
        : columns_(std::move(columns))
    {
        text_ = tableToCsv(SystemTable{columns_, {}});
        nextLine_ = 1 + static_cast<int>(text_.count('\n'));
    }

    void add(QStringList fields, RowOrigin origin)
    {
        while (fields.size() < columns_.size())
            fields.append(QString());
        fields = fields.mid(0, columns_.size());
        for (QString& field : fields)
            field = field.trimmed();
        const QByteArray row = tableToCsv(SystemTable{fields, {}});
        origin.line = nextLine_;
        origins_.push_back(std::move(origin));
        text_ += row;
        nextLine_ += static_cast<int>(row.count('\n'));
    }

    const QByteArray& text() const { return text_; }

    const RowOrigin* originOf(int line) const
    {
        const RowOrigin* found = nullptr;
        for (const RowOrigin& origin : origins_) {
            if (origin.line <= line)
                found = &origin;
        }
        return found;
    }

private:
    QStringList columns_;
    QByteArray text_;
    int nextLine_ = 1;
    std::vector<RowOrigin> origins_;
};

struct PoolCheck {
    SystemKind kind = SystemKind::Acf;
    PoolCsv players;
    PoolCsv games;

    SystemInput input() const
    {
        SystemInput input;
        input.players = players.text();
        input.playersFile = poolPlayersFile();
        input.hasPlayers = true;
        input.games = games.text();
        input.gamesFile = poolGamesFile();
        return input;
    }
};

QString playerWhere(const PoolContent& content, int line, const QStringList& fields)
{
    int idColumn = columnIndex(content.playerColumns, QStringLiteral("player_id"));
    if (idColumn < 0)
        idColumn = 0;
    const QString id = idColumn < fields.size() ? fields[idColumn].trimmed() : QString();
    return id.isEmpty() ? poolTr("player %1").arg(line) : poolTr("player %1 (%2)").arg(line).arg(id);
}

// The pool as CSV texts; `skipGame` leaves one game out (the check of its deletion). The rows of
// game `newGame` are named `newLabel` ("the new game") in messages.
PoolCheck checkOf(const PoolContent& content, int skipGame = 0, int newGame = 0, const QString& newLabel = {})
{
    PoolCheck check{content.pool.kind, PoolCsv(content.playerColumns), PoolCsv(content.gameColumns)};
    for (qsizetype i = 0; i < content.players.size(); ++i) {
        const int line = i < content.playerLines.size() ? content.playerLines[i] : static_cast<int>(i) + 1;
        check.players.add(content.players[i],
                          {0, playerWhere(content, line, content.players[i]), 0, line, {}});
    }
    for (const PoolGame& game : content.games) {
        if (game.number == skipGame)
            continue;
        int row = 0;
        for (const QStringList& fields : game.rows) {
            ++row;
            const QString label =
                game.number == newGame && !newLabel.isEmpty() ? newLabel : poolTr("game %1").arg(game.number);
            const QString where = game.rows.size() > 1 ? poolTr("%1, row %2").arg(label).arg(row) : label;
            check.games.add(fields, {0, where, game.number, 0, {}});
        }
    }
    return check;
}

std::vector<PoolDefect> runCheck(const PoolCheck& check)
{
    const SystemResult result = runSystem(check.kind, check.input());
    std::vector<PoolDefect> defects;
    for (const engine::Defect& defect : result.defects) {
        PoolDefect mapped;
        mapped.field = QString::fromStdString(defect.field);
        mapped.message = QString::fromStdString(defect.message);
        const QString file = QString::fromStdString(defect.source.file);
        const PoolCsv* csv = file == poolPlayersFile() ? &check.players
                             : file == poolGamesFile() ? &check.games
                                                       : nullptr;
        const RowOrigin* origin = csv ? csv->originOf(defect.source.line) : nullptr;
        if (origin) {
            mapped.where = origin->where;
            mapped.game = origin->game;
            mapped.playerLine = origin->playerLine;
        } else {
            mapped.where = csv == &check.players ? poolTr("the players")
                           : csv == &check.games ? poolTr("the games")
                                                 : poolTr("the pool");
        }
        defects.push_back(std::move(mapped));
    }
    return defects;
}

// The rows of an imported file in `columns`, found by name in its header; the file's own lines.
struct ImportedFile {
    QList<QStringList> rows;
    QList<int> lines;
    QStringList missing; // columns of the system the file does not have: empty in every row
    int headerLine = 1;
};

// The columns a system's computed table (the ratings the window exports, `flickdesk-cli kc`'s output)
// has beside the players' columns `columns`: status, rank, ... An exported table imported back as a
// players file is its players with their ratings and games as the starting record; these columns
// are what was computed from them, so they are left out rather than refused.
QStringList computedTableColumns(const QStringList& columns)
{
    QStringList computed;
    for (const SystemKind kind : {SystemKind::Acf, SystemKind::Kings, SystemKind::Squares}) {
        const QStringList players = systemPlayerColumns(kind);
        if (players.join(u',').compare(columns.join(u','), Qt::CaseInsensitive) != 0)
            continue;
        SystemInput input;
        input.players = tableToCsv(SystemTable{players, {}});
        input.hasPlayers = true;
        input.games = tableToCsv(SystemTable{systemGameColumns(kind), {}});
        for (const QString& column : runSystem(kind, input).table.columns) {
            if (columnIndex(columns, column) < 0 && columnIndex(computed, column) < 0)
                computed.append(column);
        }
    }
    return computed;
}

ImportedFile readImportedFile(const QByteArray& bytes, const QString& file, const QStringList& columns,
                              std::vector<PoolDefect>& defects)
{
    ImportedFile imported;
    const auto defect = [&](int line, const QString& field, const QString& message) {
        if (defects.size() > csv::mostDefects) // a damaged file's defects, as csv::report bounds them
            return;
        PoolDefect d;
        d.where = poolTr("%1 line %2").arg(file).arg(line);
        if (defects.size() == csv::mostDefects) {
            d.message = poolTr("more than %1 defects; the first %1 are listed").arg(csv::mostDefects);
            defects.push_back(std::move(d));
            return;
        }
        d.field = field;
        d.message = message;
        defects.push_back(std::move(d));
    };
    csv::CsvParser parser(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    csv::CsvRecord header;
    if (!parser.next(header)) {
        defect(1, {}, poolTr("the file is empty; expected a header line such as %1").arg(columns.join(u',')));
        return imported;
    }
    imported.headerLine = header.line;
    if (!header.error.empty()) {
        defect(header.line, header.errorField < 0 ? QString() : QString::number(header.errorField + 1),
               QString::fromStdString(header.error));
        return imported;
    }
    std::vector<int> position(static_cast<std::size_t>(columns.size()), -1); // column -> file field
    const QStringList computed = computedTableColumns(columns);
    for (std::size_t i = 0; i < header.fields.size(); ++i) {
        const QString name = QString::fromStdString(header.fields[i]);
        const int column = columnIndex(columns, name);
        if (column < 0 && columnIndex(computed, name) >= 0) {
            continue; // a computed column of an exported table (status): not a starting record
        } else if (column < 0) {
            defect(header.line, name,
                   poolTr("not a column of this pool; its columns are %1")
                       .arg(columns.join(QStringLiteral(", "))));
        } else if (position[static_cast<std::size_t>(column)] >= 0) {
            defect(header.line, name, poolTr("the column appears twice in the header"));
        } else {
            position[static_cast<std::size_t>(column)] = static_cast<int>(i);
        }
    }
    for (qsizetype c = 0; c < columns.size(); ++c) {
        if (position[static_cast<std::size_t>(c)] < 0)
            imported.missing.append(columns[c]);
    }
    csv::CsvRecord record;
    while (parser.next(record)) {
        if (!record.error.empty()) {
            // The column's name, or its number ("field 4") where the header has no usable one.
            const std::string name =
                record.errorField < 0 ? std::string() : csv::fieldName(header.fields, record.errorField);
            defect(record.line, QString::fromStdString(name.rfind("field ", 0) == 0 ? name.substr(6) : name),
                   QString::fromStdString(record.error));
            continue;
        }
        if (record.fields.size() != header.fields.size()) {
            defect(record.line, {},
                   poolTr("the row has %1 fields, the header %2")
                       .arg(record.fields.size())
                       .arg(header.fields.size()));
            continue;
        }
        QStringList row;
        for (const int at : position)
            row.append(at < 0 ? QString()
                              : QString::fromStdString(record.fields[static_cast<std::size_t>(at)]));
        imported.rows.append(row);
        imported.lines.append(record.line);
    }
    return imported;
}

// Defects of an imported file's rows about a column the file does not have become one defect of
// its header: "missing column" once, not once a row.
void mergeMissingColumns(std::vector<PoolDefect>& defects, const QString& file, const ImportedFile& imported)
{
    if (imported.missing.isEmpty())
        return;
    const QString prefix = file + u' ';
    QStringList reported;
    std::vector<PoolDefect> merged;
    for (PoolDefect& defect : defects) {
        const int missing = columnIndex(imported.missing, defect.field);
        if (missing >= 0 && defect.where.startsWith(prefix)) {
            if (!reported.contains(imported.missing[missing])) {
                reported.append(imported.missing[missing]);
                PoolDefect header;
                header.where = poolTr("%1 line %2").arg(file).arg(imported.headerLine);
                header.field = imported.missing[missing];
                header.message = poolTr("missing column");
                merged.push_back(std::move(header));
            }
            continue;
        }
        merged.push_back(std::move(defect));
    }
    defects = std::move(merged);
}

std::optional<PoolSummary> readPoolSummary(sqlite::Database& db, qint64 poolId)
{
    sqlite::Statement select(db, R"sql(
        SELECT p.id, p.system, p.name, p.created,
               (SELECT COUNT(*) FROM pool_players WHERE pool_id = p.id),
               (SELECT COUNT(DISTINCT game) FROM pool_games WHERE pool_id = p.id)
        FROM pools p WHERE p.id = ?)sql");
    select.bind(1, static_cast<std::int64_t>(poolId));
    if (!select.step())
        return std::nullopt;
    PoolSummary pool;
    pool.id = select.integer(0);
    systemFromKey(select.text(1), pool.kind);
    pool.name = select.text(2);
    pool.created = select.text(3);
    pool.players = static_cast<int>(select.integer(4));
    pool.games = static_cast<int>(select.integer(5));
    return pool;
}

PoolContent readPoolContent(sqlite::Database& db, qint64 poolId)
{
    const std::optional<PoolSummary> summary = readPoolSummary(db, poolId);
    if (!summary)
        refuse(poolTr("There is no rating pool %1.").arg(poolId));
    PoolContent content;
    content.pool = *summary;
    content.playerColumns = systemPlayerColumns(summary->kind);
    content.gameColumns = systemGameColumns(summary->kind);
    {
        sqlite::Statement select(db, "SELECT line, fields FROM pool_players WHERE pool_id = ? ORDER BY line");
        select.bind(1, static_cast<std::int64_t>(poolId));
        while (select.step()) {
            content.playerLines.append(static_cast<int>(select.integer(0)));
            content.players.append(rowFromJson(content.playerColumns, select.text(1)));
        }
    }
    sqlite::Statement select(db,
                             "SELECT game, fields FROM pool_games WHERE pool_id = ? ORDER BY game, position");
    select.bind(1, static_cast<std::int64_t>(poolId));
    while (select.step()) {
        const int number = static_cast<int>(select.integer(0));
        if (content.games.empty() || content.games.back().number != number)
            content.games.push_back(PoolGame{number, {}});
        content.games.back().rows.append(rowFromJson(content.gameColumns, select.text(1)));
    }
    return content;
}

QString checkedPoolName(const QString& name)
{
    const QString trimmed = name.simplified();
    if (trimmed.isEmpty())
        refuse(poolTr("A rating pool needs a name."));
    return trimmed;
}

void requireFreePoolName(sqlite::Database& db, const QString& name, qint64 except)
{
    sqlite::Statement taken(db, "SELECT name FROM pools WHERE name = ? AND id <> ?");
    taken.bind(1, name).bind(2, static_cast<std::int64_t>(except));
    if (taken.step())
        refuse(poolTr("There is a rating pool named %1 already.").arg(taken.text(0)));
}

void insertPoolPlayer(sqlite::Database& db, const PoolContent& content, int line, const QStringList& fields)
{
    sqlite::Statement insert(db, "INSERT INTO pool_players (pool_id, line, fields) VALUES (?, ?, ?)");
    insert.bind(1, static_cast<std::int64_t>(content.pool.id))
        .bind(2, line)
        .bind(3, rowJson(content.playerColumns, fields))
        .run();
}

void insertPoolGame(sqlite::Database& db, const PoolContent& content, int game,
                    const QList<QStringList>& rows)
{
    sqlite::Statement insert(db,
                             "INSERT INTO pool_games (pool_id, game, position, fields) VALUES (?, ?, ?, ?)");
    int row = 0;
    for (const QStringList& fields : rows) {
        insert.reset();
        insert.bind(1, static_cast<std::int64_t>(content.pool.id))
            .bind(2, game)
            .bind(3, ++row)
            .bind(4, rowJson(content.gameColumns, fields))
            .run();
    }
}

// The game an imported games row belongs to: rows with the same key form one game; an empty key
// makes a game of the row alone.
QString importedGameKey(SystemKind kind, const QStringList& columns, const QStringList& row)
{
    const auto value = [&](const char* name) {
        const int column = columnIndex(columns, QLatin1String(name));
        return column >= 0 && column < row.size() ? row[column].trimmed() : QString();
    };
    if (kind == SystemKind::Squares) {
        const int column = gameKeyColumn(columns);
        return column >= 0 && column < row.size() ? row[column].trimmed() : QString();
    }
    if (kind == SystemKind::Acf) {
        QString a = value("player_a");
        QString b = value("player_b");
        if (b < a)
            std::swap(a, b);
        return QStringList{value("event"), value("round"), a, b}.join(QChar(0x1f));
    }
    return {};
}

// The game keys (importedGameKey) of a pool's stored games, each to the pool's game number.
QHash<QString, int> storedGameKeys(const PoolContent& content)
{
    QHash<QString, int> keys;
    for (const PoolGame& stored : content.games) {
        if (stored.rows.isEmpty())
            continue;
        const QString key = importedGameKey(content.pool.kind, content.gameColumns, stored.rows.first());
        if (!key.isEmpty() && !keys.contains(key))
            keys.insert(key, stored.number);
    }
    return keys;
}

// A new game must not carry the key of a stored one (a Squares game id, an ACF round's pairing):
// its rows would belong to that game, yet be stored, and deleted, apart from it. The defect names
// the stored game; `where` is the new row's place.
void refuseStoredGameKey(const PoolContent& content, const QHash<QString, int>& storedKeys,
                         const QString& key, const QStringList& row, const QString& where, int game,
                         std::vector<PoolDefect>& defects)
{
    const auto stored = key.isEmpty() ? storedKeys.cend() : storedKeys.constFind(key);
    if (stored == storedKeys.cend())
        return;
    const bool squares = content.pool.kind == SystemKind::Squares;
    defects.push_back(
        {where, squares ? QStringLiteral("game") : QStringLiteral("round"),
         squares ? tr("game %1 is stored already (as the pool's game %2): delete it and enter the "
                      "whole game again, or give this game another id")
                       .arg(row.value(gameKeyColumn(content.gameColumns)).trimmed())
                       .arg(*stored)
                 : tr("this pairing of this round is stored already (as the pool's game %1): delete "
                      "it and enter the round's games together")
                       .arg(*stored),
         game, 0});
}

int nextGameNumber(const PoolContent& content)
{
    return content.games.empty() ? 1 : content.games.back().number + 1;
}

int nextPlayerLine(const PoolContent& content)
{
    return content.playerLines.isEmpty()
               ? 1
               : *std::max_element(content.playerLines.begin(), content.playerLines.end()) + 1;
}

// The pool with game `number` holding `rows` (added in its place by number, or replacing it).
PoolContent withGame(PoolContent content, int number, const QList<QStringList>& rows)
{
    auto at = std::lower_bound(content.games.begin(), content.games.end(), number,
                               [](const PoolGame& game, int n) { return game.number < n; });
    if (at != content.games.end() && at->number == number)
        at->rows = rows;
    else
        content.games.insert(at, PoolGame{number, rows});
    return content;
}

// What keeps game `number` with `rows` from being stored in `content` (where it is not yet, or is
// to be replaced): a stored game's key reused, or what the system finds in the pool with it. The
// new game's rows are named `label` ("the new game", "game 4").
std::vector<PoolDefect> gameDefects(const PoolContent& content, int number, const QList<QStringList>& rows,
                                    const QString& label)
{
    std::vector<PoolDefect> defects;
    if (rows.isEmpty()) {
        defects.push_back({label, {}, poolTr("the game has no rows"), number, 0});
        return defects;
    }
    PoolContent others = content;
    others.games.erase(std::remove_if(others.games.begin(), others.games.end(),
                                      [number](const PoolGame& game) { return game.number == number; }),
                       others.games.end());
    const QString first = rows.size() > 1 ? poolTr("%1, row %2").arg(label).arg(1) : label;
    refuseStoredGameKey(others, storedGameKeys(others),
                        importedGameKey(content.pool.kind, content.gameColumns, rows.first()), rows.first(),
                        first, number, defects);
    if (!defects.empty())
        return defects;
    // The order of games matters (ratings run in it): the pool is checked as it will be stored.
    return runCheck(checkOf(withGame(others, number, rows), 0, number, label));
}

// The pool with player `line` set to `fields`, added in its place by line, or removed (nullopt).
PoolContent withPlayer(PoolContent content, int line, const std::optional<QStringList>& fields)
{
    const qsizetype index = content.playerLines.indexOf(line);
    if (index >= 0) {
        if (fields) {
            content.players[index] = *fields;
        } else {
            content.players.removeAt(index);
            content.playerLines.removeAt(index);
        }
        return content;
    }
    if (fields) {
        qsizetype at = 0;
        while (at < content.playerLines.size() && content.playerLines[at] < line)
            ++at;
        content.players.insert(at, *fields);
        content.playerLines.insert(at, line);
    }
    return content;
}

QJsonObject poolDetails(const PoolSummary& pool)
{
    return QJsonObject{{QStringLiteral("pool"), pool.id},
                       {QStringLiteral("name"), pool.name},
                       {QStringLiteral("system"), systemKey(pool.kind)}};
}

QJsonArray jsonArray(const QStringList& fields)
{
    return QJsonArray::fromStringList(fields);
}

} // namespace

bool poolGameHasRowPerPlayer(SystemKind kind)
{
    return kind == SystemKind::Squares;
}

bool poolGameHasSeveralRows(SystemKind kind)
{
    return kind == SystemKind::Squares || kind == SystemKind::Acf;
}

QList<SystemKind> poolKinds()
{
    return {SystemKind::Acf, SystemKind::Kings, SystemKind::KingsHeadToHead, SystemKind::KingsGroup,
            SystemKind::Squares};
}

QString PoolDefect::text() const
{
    QString text = where;
    if (!field.isEmpty())
        text += poolTr(", field %1").arg(field);
    return text + QStringLiteral(": ") + message;
}

QStringList PoolChange::messages() const
{
    QStringList lines;
    for (const PoolDefect& defect : defects)
        lines.append(defect.text());
    return lines;
}

SystemInput PoolContent::input() const
{
    return checkOf(*this).input();
}

const PoolGame* PoolContent::game(int number) const
{
    for (const PoolGame& stored : games) {
        if (stored.number == number)
            return &stored;
    }
    return nullptr;
}

namespace {

// A game's rows in a form that two entries of the same game share: the fields that are not the
// game's own id or round, trimmed and folded to lower case; the seats of a Kings Cribbage game (a
// player with their score) sorted, the rows of a Squares or ACF game sorted.
QStringList gameShape(SystemKind kind, const QStringList& columns, const QList<QStringList>& rows)
{
    QStringList shapes;
    for (const QStringList& row : rows) {
        QStringList kept;
        QStringList seats;
        for (qsizetype i = 0; i < columns.size(); ++i) {
            const QString& column = columns[i];
            const QString value = row.value(i).trimmed().toCaseFolded();
            if (kind != SystemKind::Acf && (column.startsWith(QLatin1String("game"), Qt::CaseInsensitive) ||
                                            column.compare(QLatin1String("round"), Qt::CaseInsensitive) == 0))
                continue; // the id or round a game was given is no part of what was played
            if (kind != SystemKind::Acf && kind != SystemKind::Squares &&
                column.startsWith(QLatin1String("player"), Qt::CaseInsensitive)) {
                const QString seat = column.mid(6);
                const int scoreColumn = columnIndex(columns, QStringLiteral("score") + seat);
                const QString score = scoreColumn >= 0 ? row.value(scoreColumn).trimmed() : QString();
                if (!value.isEmpty())
                    seats.append(value + QChar(0x1f) + score);
                continue;
            }
            if (kind != SystemKind::Acf && kind != SystemKind::Squares &&
                column.startsWith(QLatin1String("score"), Qt::CaseInsensitive))
                continue; // with its player
            kept.append(value);
        }
        seats.sort();
        shapes.append((kept + seats).join(QChar(0x1e)));
    }
    shapes.sort();
    return shapes;
}

} // namespace

QList<int> PoolContent::sameGames(const QList<QStringList>& rows, int except) const
{
    QList<int> same;
    const QStringList shape = gameShape(pool.kind, gameColumns, rows);
    for (const PoolGame& stored : games) {
        if (stored.number != except && gameShape(pool.kind, gameColumns, stored.rows) == shape)
            same.append(stored.number);
    }
    return same;
}

int PoolContent::playerIndex(const QString& playerId) const
{
    const int column = std::max(0, columnIndex(playerColumns, QStringLiteral("player_id")));
    const QString wanted = playerId.trimmed();
    for (qsizetype i = 0; i < players.size(); ++i) {
        if (players[i].value(column).trimmed().compare(wanted, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

QString PoolContent::playerName(const QString& playerId) const
{
    const int index = playerIndex(playerId);
    const int column = columnIndex(playerColumns, QStringLiteral("name"));
    const QString name = index >= 0 && column >= 0 ? players[index].value(column).trimmed() : QString();
    return name.isEmpty() ? playerId.trimmed() : name;
}

std::vector<PoolSummary> PoolStore::pools()
{
    return d->guarded([&] {
        std::vector<PoolSummary> pools;
        if (d->schemaVersion < 4) // an older file opened read-only has no pools
            return pools;
        sqlite::Statement select(d->db, "SELECT id FROM pools ORDER BY name COLLATE NOCASE, id");
        std::vector<qint64> ids;
        while (select.step())
            ids.push_back(select.integer(0));
        for (const qint64 id : ids) {
            if (auto pool = readPoolSummary(d->db, id))
                pools.push_back(std::move(*pool));
        }
        return pools;
    });
}

std::optional<PoolSummary> PoolStore::pool(qint64 poolId)
{
    return d->guarded([&]() -> std::optional<PoolSummary> {
        if (d->schemaVersion < 4)
            return std::nullopt;
        return readPoolSummary(d->db, poolId);
    });
}

qint64 PoolStore::createPool(SystemKind kind, const QString& name)
{
    if (!poolKinds().contains(kind))
        refuse(tr("A rating pool is of ACF checkers, a Kings Cribbage club (head-to-head and group games), "
                  "Kings Cribbage head-to-head, Kings Cribbage group or Diplomacy Squares."));
    const QString poolName = checkedPoolName(name);
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        requireFreePoolName(d->db, poolName, 0);
        sqlite::Statement insert(d->db, "INSERT INTO pools (system, name, created) VALUES (?, ?, ?)");
        insert.bind(1, systemKey(kind)).bind(2, poolName).bind(3, isoUtc(d->now())).run();
        const qint64 id = d->db.lastInsertRowId();
        d->audit(QStringLiteral("pool-create"), QString(), poolDetails(*readPoolSummary(d->db, id)));
        d->touched(StoreChange::of(StoreChange::Pools));
        transaction.commit();
        return id;
    });
}

void PoolStore::renamePool(qint64 poolId, const QString& name)
{
    const QString poolName = checkedPoolName(name);
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent before = readPoolContent(d->db, poolId);
        if (before.pool.name == poolName)
            return;
        requireFreePoolName(d->db, poolName, poolId);
        sqlite::Statement update(d->db, "UPDATE pools SET name = ? WHERE id = ?");
        update.bind(1, poolName).bind(2, static_cast<std::int64_t>(poolId)).run();
        QJsonObject details = poolDetails(before.pool);
        details.insert(QStringLiteral("before"), before.pool.name);
        details.insert(QStringLiteral("name"), poolName);
        d->audit(QStringLiteral("pool-rename"), QString(), details);
        d->touched(StoreChange::of(StoreChange::Pools));
        transaction.commit();
    });
}

void PoolStore::deletePool(qint64 poolId)
{
    d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        sqlite::Statement remove(d->db, "DELETE FROM pools WHERE id = ?");
        remove.bind(1, static_cast<std::int64_t>(poolId)).run(); // its rows go with it (ON DELETE CASCADE)
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("players"), content.pool.players);
        details.insert(QStringLiteral("games"), content.pool.games);
        d->audit(QStringLiteral("pool-delete"), QString(), details);
        d->touched(StoreChange::of(StoreChange::Pools));
        transaction.commit();
    });
}

PoolContent PoolStore::poolContent(qint64 poolId)
{
    return d->guarded([&] {
        if (d->schemaVersion < 4)
            refuse(tr("There is no rating pool %1.").arg(poolId));
        return readPoolContent(d->db, poolId);
    });
}

SystemResult PoolStore::poolResult(qint64 poolId)
{
    const PoolContent content = poolContent(poolId);
    return runSystem(content.pool.kind, content.input());
}

PoolChange PoolStore::addPoolPlayer(qint64 poolId, const QStringList& fields)
{
    return writePoolPlayer(poolId, 0, fields, PlayerWrite::Add);
}

PoolChange PoolStore::replacePoolPlayer(qint64 poolId, int line, const QStringList& fields)
{
    return writePoolPlayer(poolId, line, fields, PlayerWrite::Replace);
}

PoolChange PoolStore::deletePoolPlayer(qint64 poolId, int line)
{
    return writePoolPlayer(poolId, line, {}, PlayerWrite::Delete);
}

PoolChange PoolStore::restorePoolPlayer(qint64 poolId, int line, const QStringList& fields)
{
    return writePoolPlayer(poolId, line, fields, PlayerWrite::Restore);
}

PoolChange PoolStore::writePoolPlayer(qint64 poolId, int line, const QStringList& fields, PlayerWrite write)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        const qsizetype index = content.playerLines.indexOf(line);
        const int target = write == PlayerWrite::Add ? nextPlayerLine(content) : line;
        if ((write == PlayerWrite::Replace || write == PlayerWrite::Delete) && index < 0)
            refuse(tr("Rating pool %1 has no player %2.").arg(content.pool.name).arg(line));
        if (write == PlayerWrite::Restore && (line <= 0 || index >= 0))
            refuse(tr("Rating pool %1 has a player %2 already.").arg(content.pool.name).arg(line));
        const std::optional<QStringList> after =
            write == PlayerWrite::Delete ? std::nullopt : std::optional<QStringList>(fields);
        PoolCheck check = checkOf(withPlayer(content, target, after));
        PoolChange change;
        change.defects = runCheck(check);
        if (write == PlayerWrite::Add) {
            for (PoolDefect& defect : change.defects) {
                if (defect.playerLine == target)
                    defect.where = tr("the new player");
            }
        }
        if (!change.ok())
            return change; // the transaction rolls back: nothing written
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("line"), target);
        if (index >= 0) {
            details.insert(QStringLiteral("before"), jsonArray(content.players[index]));
            sqlite::Statement remove(d->db, "DELETE FROM pool_players WHERE pool_id = ? AND line = ?");
            remove.bind(1, static_cast<std::int64_t>(poolId)).bind(2, target).run();
        }
        if (after) {
            insertPoolPlayer(d->db, content, target, *after);
            details.insert(QStringLiteral("player"), jsonArray(*after));
        }
        d->audit(write == PlayerWrite::Add       ? QStringLiteral("pool-add-player")
                 : write == PlayerWrite::Replace ? QStringLiteral("pool-edit-player")
                 : write == PlayerWrite::Delete  ? QStringLiteral("pool-delete-player")
                                                 : QStringLiteral("pool-restore-player"),
                 QString(), details);
        d->touched(StoreChange::of(StoreChange::Pools));
        transaction.commit();
        change.playersAdded = write == PlayerWrite::Add || write == PlayerWrite::Restore ? 1 : 0;
        change.playerLine = target;
        return change;
    });
}

PoolChange PoolStore::addPoolGame(qint64 poolId, const QList<QStringList>& rows)
{
    return writePoolGame(poolId, 0, rows, GameWrite::Add);
}

PoolChange PoolStore::replacePoolGame(qint64 poolId, int game, const QList<QStringList>& rows)
{
    return writePoolGame(poolId, game, rows, GameWrite::Replace);
}

PoolChange PoolStore::restorePoolGame(qint64 poolId, int game, const QList<QStringList>& rows)
{
    return writePoolGame(poolId, game, rows, GameWrite::Restore);
}

PoolChange PoolStore::writePoolGame(qint64 poolId, int game, const QList<QStringList>& rows, GameWrite write)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        const PoolGame* stored = game > 0 ? content.game(game) : nullptr;
        const int number = write == GameWrite::Add ? nextGameNumber(content) : game;
        if (write == GameWrite::Replace && !stored)
            refuse(tr("Rating pool %1 has no game %2.").arg(content.pool.name).arg(game));
        if (write == GameWrite::Restore && (game <= 0 || stored))
            refuse(tr("Rating pool %1 has a game %2 already.").arg(content.pool.name).arg(game));
        PoolChange change;
        change.defects = gameDefects(
            content, number, rows, write == GameWrite::Add ? tr("the new game") : tr("game %1").arg(number));
        if (!change.ok())
            return change; // the transaction rolls back: nothing written
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("game"), number);
        if (stored) {
            QJsonArray before;
            for (const QStringList& fields : stored->rows)
                before.append(jsonArray(fields));
            details.insert(QStringLiteral("before"), before);
            sqlite::Statement remove(d->db, "DELETE FROM pool_games WHERE pool_id = ? AND game = ?");
            remove.bind(1, static_cast<std::int64_t>(poolId)).bind(2, number).run();
        }
        insertPoolGame(d->db, content, number, rows);
        QJsonArray written;
        for (const QStringList& fields : rows)
            written.append(jsonArray(fields));
        details.insert(QStringLiteral("rows"), written);
        d->audit(write == GameWrite::Add       ? QStringLiteral("pool-add-game")
                 : write == GameWrite::Replace ? QStringLiteral("pool-edit-game")
                                               : QStringLiteral("pool-restore-game"),
                 QString(), details);
        d->touched(StoreChange::of(StoreChange::Pools));
        transaction.commit();
        change.gamesAdded = write == GameWrite::Replace ? 0 : 1;
        change.game = number;
        return change;
    });
}

PoolChange PoolStore::deletePoolGame(qint64 poolId, int game)
{
    return d->guarded([&] {
        d->requireWritable();
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        const auto found = std::find_if(content.games.begin(), content.games.end(),
                                        [game](const PoolGame& g) { return g.number == game; });
        if (found == content.games.end())
            refuse(tr("Rating pool %1 has no game %2.").arg(content.pool.name).arg(game));
        PoolChange change;
        change.defects = runCheck(checkOf(content, game));
        if (!change.ok())
            return change;
        sqlite::Statement remove(d->db, "DELETE FROM pool_games WHERE pool_id = ? AND game = ?");
        remove.bind(1, static_cast<std::int64_t>(poolId)).bind(2, game).run();
        QJsonObject details = poolDetails(content.pool);
        details.insert(QStringLiteral("game"), game);
        QJsonArray removed;
        for (const QStringList& fields : found->rows)
            removed.append(jsonArray(fields));
        details.insert(QStringLiteral("rows"), removed);
        d->audit(QStringLiteral("pool-delete-game"), QString(), details);
        d->touched(StoreChange::of(StoreChange::Pools));
        transaction.commit();
        return change;
    });
}

PoolChange PoolStore::importPool(qint64 poolId, const QByteArray& players, const QString& playersFile,
                                 const QByteArray& games, const QString& gamesFile)
{
    return d->guarded([&] {
        d->requireWritable();
        FullSync sync(d->db); // before the transaction: SQLite refuses it inside one
        sqlite::Transaction transaction(d->db);
        const PoolContent content = readPoolContent(d->db, poolId);
        PoolChange change;
        const QString playersName = playersFile.isEmpty() ? QStringLiteral("players.csv") : playersFile;
        const QString gamesName = gamesFile.isEmpty() ? QStringLiteral("games.csv") : gamesFile;
        ImportedFile importedPlayers;
        ImportedFile importedGames;
        if (!players.isEmpty())
            importedPlayers = readImportedFile(players, playersName, content.playerColumns, change.defects);
        if (!games.isEmpty())
            importedGames = readImportedFile(games, gamesName, content.gameColumns, change.defects);
        if (players.isEmpty() && games.isEmpty())
            change.defects.push_back(
                {tr("the import"), {}, tr("neither a players file nor a games file"), 0, 0});
        if (!change.ok())
            return change;

        PoolCheck check = checkOf(content);
        const int firstLine = nextPlayerLine(content);
        for (qsizetype i = 0; i < importedPlayers.rows.size(); ++i)
            check.players.add(importedPlayers.rows[i],
                              {0, tr("%1 line %2").arg(playersName).arg(importedPlayers.lines[i]), 0,
                               firstLine + static_cast<int>(i), playersName});
        // Games: a row each, but the rows of one Squares game, or of one pairing of an ACF round
        // (DECISIONS A1: four games when scored by round), form one game, deleted together.
        std::vector<QList<QStringList>> newGames;
        QHash<QString, std::size_t> gameOfKey; // a game key -> its index in newGames
        const QHash<QString, int> storedKeys = storedGameKeys(content);
        const int firstGame = nextGameNumber(content);
        for (qsizetype i = 0; i < importedGames.rows.size(); ++i) {
            const QStringList& row = importedGames.rows[i];
            const QString key = importedGameKey(content.pool.kind, content.gameColumns, row);
            const auto found = key.isEmpty() ? gameOfKey.cend() : gameOfKey.constFind(key);
            const bool known = found != gameOfKey.cend();
            const std::size_t index = known ? *found : newGames.size();
            if (!known) {
                if (!key.isEmpty())
                    gameOfKey.insert(key, index);
                newGames.emplace_back();
            }
            newGames[index].append(row);
            const QString where = tr("%1 line %2").arg(gamesName).arg(importedGames.lines[i]);
            check.games.add(row, {0, where, firstGame + static_cast<int>(index), 0, gamesName});
            if (!known)
                refuseStoredGameKey(content, storedKeys, key, row, where, firstGame + static_cast<int>(index),
                                    change.defects);
        }
        if (!change.ok())
            return change;
        change.defects = runCheck(check);
        mergeMissingColumns(change.defects, playersName, importedPlayers);
        mergeMissingColumns(change.defects, gamesName, importedGames);
        if (!change.ok())
            return change;

        for (qsizetype i = 0; i < importedPlayers.rows.size(); ++i)
            insertPoolPlayer(d->db, content, firstLine + static_cast<int>(i), importedPlayers.rows[i]);
        for (std::size_t i = 0; i < newGames.size(); ++i)
            insertPoolGame(d->db, content, firstGame + static_cast<int>(i), newGames[i]);
        change.playersAdded = static_cast<int>(importedPlayers.rows.size());
        change.gamesAdded = static_cast<int>(newGames.size());
        QJsonObject details = poolDetails(content.pool);
        if (!players.isEmpty())
            details.insert(QStringLiteral("players_file"), playersName);
        if (!games.isEmpty())
            details.insert(QStringLiteral("games_file"), gamesName);
        details.insert(QStringLiteral("players_added"), change.playersAdded);
        details.insert(QStringLiteral("games_added"), change.gamesAdded);
        d->audit(QStringLiteral("pool-import"), QString(), details);
        d->touched(StoreChange::of(StoreChange::Pools));
        transaction.commit();
        return change;
    });
}

} // namespace flickdesk::core
