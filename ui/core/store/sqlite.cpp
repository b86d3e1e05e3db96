#include "core/store/sqlite.h"

#include <QFile>
#include <QUrl>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sqlite3.h>
#include <utility>

namespace flickdesk::core::sqlite {
namespace {

std::string shortened(std::string_view sql)
{
    constexpr std::size_t longest = 80;
    std::string text(sql.substr(0, longest));
    for (char& c : text) {
        if (c == '\n' || c == '\r')
            c = ' ';
    }
    return sql.size() > longest ? text + "..." : text;
}

// Replaces `target` by `source`: atomically where the platform can (POSIX rename).
bool replaceFile(const QString& source, const QString& target)
{
    if (std::rename(QFile::encodeName(source).constData(), QFile::encodeName(target).constData()) == 0)
        return true;
    QFile::remove(target);
    return QFile::rename(source, target);
}

} // namespace

Error::Error(int code, const std::string& message, std::string_view sql)
    : std::runtime_error(sql.empty() ? message : message + " (in: " + shortened(sql) + ")")
    , code_(code)
    , reason_(message)
{
}

// ---------------------------------------------------------------------------------------------

Database::Database(const QString& path, Mode mode)
    : path_(path)
    , readOnly_(mode == Mode::ReadOnly || mode == Mode::ReadOnlyImmutable)
{
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
    switch (mode) {
    case Mode::ReadWriteCreate:
        flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
        break;
    case Mode::ReadWrite:
        flags |= SQLITE_OPEN_READWRITE;
        break;
    case Mode::ReadOnly:
        flags |= SQLITE_OPEN_READONLY;
        break;
    case Mode::ReadOnlyImmutable:
        flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
        break;
    }
    const QByteArray name = mode == Mode::ReadOnlyImmutable
                                ? QUrl::fromLocalFile(path).toEncoded() + QByteArrayLiteral("?immutable=1")
                                : path.toUtf8();
    const int status = sqlite3_open_v2(name.constData(), &db_, flags, nullptr);
    if (status != SQLITE_OK) {
        const std::string message = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(status);
        close();
        throw Error(status, "cannot open " + path.toStdString() + ": " + message);
    }
    sqlite3_extended_result_codes(db_, 1);
}

Database::~Database()
{
    close();
}

Database::Database(Database&& other) noexcept
    : db_(std::exchange(other.db_, nullptr))
    , busy_(std::move(other.busy_))
    , path_(std::move(other.path_))
    , readOnly_(other.readOnly_)
    , turns_(std::move(other.turns_))
    , role_(other.role_)
{
}

Database& Database::operator=(Database&& other) noexcept
{
    if (this != &other) {
        close();
        db_ = std::exchange(other.db_, nullptr);
        busy_ = std::move(other.busy_);
        path_ = std::move(other.path_);
        readOnly_ = other.readOnly_;
        turns_ = std::move(other.turns_);
        role_ = other.role_;
    }
    return *this;
}

void Database::close() noexcept
{
    if (db_) {
        // Every Statement is finalized by its destructor before the connection goes (RAII order).
        sqlite3_close_v2(db_);
        db_ = nullptr;
    }
}

void Database::fail(int code, std::string_view what) const
{
    throw Error(code, std::string(what) + ": " + (db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(code)));
}

void Database::execute(std::string_view sql)
{
    const std::string text(sql);
    char* message = nullptr;
    const int status = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
    if (status != SQLITE_OK) {
        const std::string reason = message ? message : sqlite3_errstr(status);
        sqlite3_free(message);
        throw Error(status, reason, sql);
    }
}

std::optional<std::int64_t> Database::queryInteger(std::string_view sql)
{
    Statement statement(*this, sql);
    if (!statement.step() || statement.isNull(0))
        return std::nullopt;
    return statement.integer(0);
}

std::optional<QString> Database::queryText(std::string_view sql)
{
    Statement statement(*this, sql);
    if (!statement.step() || statement.isNull(0))
        return std::nullopt;
    return statement.text(0);
}

std::int64_t Database::lastInsertRowId() const noexcept
{
    return sqlite3_last_insert_rowid(db_);
}

int Database::changes() const noexcept
{
    return sqlite3_changes(db_);
}

void Database::setBusyTimeout(int milliseconds)
{
    if (!busy_)
        busy_ = std::make_unique<BusyWait>();
    busy_->timeout = std::chrono::milliseconds(std::max(0, milliseconds));
    // `count` is 0 at the first retry of each wait for a lock.
    const auto retry = [](void* arg, int count) -> int {
        auto* wait = static_cast<BusyWait*>(arg);
        const auto now = std::chrono::steady_clock::now();
        if (count == 0)
            wait->since = now;
        if (now - wait->since >= wait->timeout)
            return 0; // SQLITE_BUSY
        sqlite3_sleep(1);
        return 1;
    };
    if (const int status = sqlite3_busy_handler(db_, retry, busy_.get()); status != SQLITE_OK)
        fail(status, "busy timeout");
}

void Database::backupTo(const QString& targetPath) const
{
    // Into a file of its own first, so that a backup cut short (a full disk, a killed process)
    // never takes the name of a complete one.
    const QString partial = targetPath + QStringLiteral(".partial");
    QFile::remove(partial);
    sqlite3* target = nullptr;
    int status = sqlite3_open_v2(partial.toUtf8().constData(), &target,
                                 SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (status == SQLITE_OK) {
        if (sqlite3_backup* backup = sqlite3_backup_init(target, "main", db_, "main")) {
            // -1: every page in one step; the source is read in one consistent transaction.
            do {
                status = sqlite3_backup_step(backup, -1);
                if (status == SQLITE_BUSY || status == SQLITE_LOCKED)
                    sqlite3_sleep(20);
            } while (status == SQLITE_OK || status == SQLITE_BUSY || status == SQLITE_LOCKED);
            sqlite3_backup_finish(backup);
            if (status == SQLITE_DONE)
                status = sqlite3_errcode(target);
        } else {
            status = sqlite3_errcode(target);
        }
    }
    const std::string message = target ? sqlite3_errmsg(target) : sqlite3_errstr(status);
    // A backup of a WAL database is a WAL database: closing checkpoints it into the one file.
    if (sqlite3_close(target) != SQLITE_OK && status == SQLITE_OK)
        status = SQLITE_ERROR;
    if (status != SQLITE_OK) {
        QFile::remove(partial);
        throw Error(status, "cannot back up to " + targetPath.toStdString() + ": " + message);
    }
    if (!replaceFile(partial, targetPath)) {
        QFile::remove(partial);
        throw Error(SQLITE_CANTOPEN, "cannot back up to " + targetPath.toStdString() +
                                         ": the finished copy could not be given that name");
    }
}

// ---------------------------------------------------------------------------------------------

Statement::Statement(Database& db, std::string_view sql)
    : db_(db)
{
    const int status =
        sqlite3_prepare_v2(db.handle(), sql.data(), static_cast<int>(sql.size()), &statement_, nullptr);
    if (status != SQLITE_OK)
        throw Error(status, sqlite3_errmsg(db.handle()), sql);
}

Statement::~Statement()
{
    sqlite3_finalize(statement_);
}

namespace {
void checkBind(Database& db, int status)
{
    if (status != SQLITE_OK)
        throw Error(status, std::string("cannot bind a parameter: ") + sqlite3_errmsg(db.handle()));
}
} // namespace

Statement& Statement::bindNull(int index)
{
    checkBind(db_, sqlite3_bind_null(statement_, index));
    return *this;
}

Statement& Statement::bind(int index, std::int64_t value)
{
    checkBind(db_, sqlite3_bind_int64(statement_, index, static_cast<sqlite3_int64>(value)));
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    checkBind(db_, sqlite3_bind_double(statement_, index, value));
    return *this;
}

Statement& Statement::bind(int index, const QString& value)
{
    if (value.isNull())
        return bindNull(index);
    const QByteArray utf8 = value.toUtf8();
    checkBind(db_,
              sqlite3_bind_text64(statement_, index, utf8.constData(),
                                  static_cast<sqlite3_uint64>(utf8.size()), SQLITE_TRANSIENT, SQLITE_UTF8));
    return *this;
}

Statement& Statement::bind(int index, std::string_view value)
{
    checkBind(db_,
              sqlite3_bind_text64(statement_, index, value.data(), static_cast<sqlite3_uint64>(value.size()),
                                  SQLITE_TRANSIENT, SQLITE_UTF8));
    return *this;
}

Statement& Statement::bindBlob(int index, std::string_view value)
{
    // sqlite3_bind_blob64 with a null pointer binds NULL: an empty blob needs a pointer.
    static const char none = 0;
    checkBind(db_, sqlite3_bind_blob64(statement_, index, value.empty() ? &none : value.data(),
                                       static_cast<sqlite3_uint64>(value.size()), SQLITE_TRANSIENT));
    return *this;
}

bool Statement::step()
{
    const int status = sqlite3_step(statement_);
    if (status == SQLITE_ROW)
        return true;
    if (status == SQLITE_DONE)
        return false;
    const char* sql = sqlite3_sql(statement_);
    throw Error(sqlite3_extended_errcode(db_.handle()), sqlite3_errmsg(db_.handle()), sql ? sql : "");
}

void Statement::run()
{
    while (step()) {
    }
}

void Statement::reset()
{
    sqlite3_reset(statement_);
    sqlite3_clear_bindings(statement_);
}

int Statement::columnCount() const
{
    return sqlite3_column_count(statement_);
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(statement_, column) == SQLITE_NULL;
}

std::int64_t Statement::integer(int column) const
{
    return sqlite3_column_int64(statement_, column);
}

double Statement::real(int column) const
{
    return sqlite3_column_double(statement_, column);
}

QString Statement::text(int column) const
{
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    if (!data)
        return {};
    return QString::fromUtf8(data, sqlite3_column_bytes(statement_, column));
}

std::string_view Statement::blob(int column) const
{
    const auto* data = static_cast<const char*>(sqlite3_column_blob(statement_, column));
    if (!data)
        return {};
    return std::string_view(data, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
}

std::string Statement::stdText(int column) const
{
    const auto* data = reinterpret_cast<const char*>(sqlite3_column_text(statement_, column));
    if (!data)
        return {};
    return std::string(data, static_cast<std::size_t>(sqlite3_column_bytes(statement_, column)));
}

std::optional<std::int64_t> Statement::optionalInteger(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return integer(column);
}

std::optional<double> Statement::optionalReal(int column) const
{
    if (isNull(column))
        return std::nullopt;
    return real(column);
}

// ---------------------------------------------------------------------------------------------

void WriteTurns::windowWants()
{
    const std::lock_guard lock(mutex_);
    ++windowWriting_;
}

void WriteTurns::windowDone()
{
    {
        const std::lock_guard lock(mutex_);
        --windowWriting_;
    }
    windowDone_.notify_all();
}

bool WriteTurns::backgroundWaits(std::chrono::milliseconds patience)
{
    std::unique_lock lock(mutex_);
    return windowDone_.wait_for(lock, patience, [this] { return windowWriting_ == 0; });
}

int WriteTurns::windowWriters() const
{
    const std::lock_guard lock(mutex_);
    return windowWriting_;
}

void Database::shareWriteTurns(std::shared_ptr<WriteTurns> turns, WriteTurns::Role role)
{
    turns_ = std::move(turns);
    role_ = role;
}

Transaction::Transaction(Database& db, Kind kind)
    : db_(db)
{
    if (kind == Kind::Immediate && db_.writeTurns()) {
        if (db_.writeRole() == WriteTurns::Role::Window) {
            db_.writeTurns()->windowWants();
            windowTurn_ = true;
        } else {
            db_.writeTurns()->backgroundWaits();
        }
    }
    try {
        db_.execute(kind == Kind::Immediate ? "BEGIN IMMEDIATE" : "BEGIN");
    } catch (...) {
        endTurn(); // no destructor runs after a throwing constructor
        throw;
    }
}

void Transaction::endTurn() noexcept
{
    if (windowTurn_) {
        windowTurn_ = false;
        db_.writeTurns()->windowDone();
    }
}

Transaction::~Transaction()
{
    if (open_ && sqlite3_get_autocommit(db_.handle()) == 0) {
        // Nothing may escape a destructor; a failed rollback leaves SQLite to roll back when the
        // connection closes, which it always does for an open transaction.
        sqlite3_exec(db_.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
    }
    endTurn();
}

void Transaction::commit()
{
    db_.execute("COMMIT");
    open_ = false;
    endTurn();
}

} // namespace flickdesk::core::sqlite
