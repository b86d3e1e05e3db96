#pragma once

// A thin RAII layer over the SQLite C API for the store (core/store/store.h): a connection, a prepared
// statement and a transaction that rolls back unless committed. Every failure throws
// sqlite::Error with SQLite's message. SQL lives only in this file's .cpp and in core/store*.cpp.

#include <QByteArray>
#include <QString>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

struct sqlite3;
struct sqlite3_stmt;

namespace flickdesk::core::sqlite {

class Error : public std::runtime_error {
public:
    // what() is `message`, followed by the statement that failed when there is one.
    Error(int code, const std::string& message, std::string_view sql = {});
    int code() const noexcept { return code_; }                    // the extended result code
    const std::string& reason() const noexcept { return reason_; } // SQLite's message alone

private:
    int code_;
    std::string reason_;
};

// Turns at writing between the connections one process has to one database: the window's and its
// background workers' (Store::openWorker). SQLite lets in whichever connection asks when the write
// lock is free, so a worker that stores a long run in many short transactions would begin its next
// one before the window's waiting write got in. A window connection announces each write
// transaction; a background connection begins none while one is announced. So a director's
// check-in waits for one short transaction of the worker at most, never for all of them.
class WriteTurns {
public:
    enum class Role {
        Window,     // its writes go first
        Background, // waits while the window wants to write
    };

    void windowWants();
    void windowDone();
    // Blocks while the window wants to write, for at most `patience` (a window transaction that
    // takes longer than that is then waited for by SQLite's busy timeout). False when it stopped
    // waiting before the window was done.
    bool backgroundWaits(std::chrono::milliseconds patience = std::chrono::milliseconds(2000));
    // Window write transactions announced and not yet ended.
    int windowWriters() const;

private:
    mutable std::mutex mutex_;
    std::condition_variable windowDone_;
    int windowWriting_ = 0;
};

class Database {
public:
    enum class Mode {
        ReadWriteCreate, // create the file if it does not exist
        ReadWrite,       // the file must exist
        ReadOnly,        // never writes the database file
        // Read-only media, or a file or folder this user cannot write: SQLite's immutable=1, which
        // creates nothing beside the file (no -shm, no -wal) and takes no locks.
        ReadOnlyImmutable,
    };

    Database() = default;
    // Opens `path`; throws Error when SQLite cannot open it.
    Database(const QString& path, Mode mode);
    ~Database();
    Database(Database&& other) noexcept;
    Database& operator=(Database&& other) noexcept;
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;

    bool isOpen() const noexcept { return db_ != nullptr; }
    bool isReadOnly() const noexcept { return readOnly_; }
    void close() noexcept;
    sqlite3* handle() const noexcept { return db_; }
    const QString& path() const noexcept { return path_; }

    // Runs one or more statements that return no rows (or whose rows are of no interest).
    void execute(std::string_view sql);
    // The first column of the first row of a query; nullopt when it returns no row or NULL.
    std::optional<std::int64_t> queryInteger(std::string_view sql);
    std::optional<QString> queryText(std::string_view sql);

    std::int64_t lastInsertRowId() const noexcept;
    int changes() const noexcept;
    // How long a statement waits for another connection's lock before it fails with SQLITE_BUSY.
    // The lock is tried again every millisecond: SQLite's own busy timeout sleeps in growing steps
    // (its eighth sleep ends 103 ms after the first try), so a check-in waited 104 ms at a million
    // finishes for a background transaction of about 50 ms.
    void setBusyTimeout(int milliseconds);
    // This connection's write transactions (Transaction::Kind::Immediate) take turns through `turns`
    // with the other connections of this process that share it, in `role`.
    void shareWriteTurns(std::shared_ptr<WriteTurns> turns, WriteTurns::Role role);
    const std::shared_ptr<WriteTurns>& writeTurns() const noexcept { return turns_; }
    WriteTurns::Role writeRole() const noexcept { return role_; }

    // Copies the whole database, page by page, into a new file at `targetPath` with SQLite's online
    // backup API: a consistent snapshot even while other connections read. An existing file at
    // the target is replaced. Throws Error on failure (the target is then removed).
    void backupTo(const QString& targetPath) const;

private:
    [[noreturn]] void fail(int code, std::string_view what) const;

    // setBusyTimeout's: on the heap, where SQLite's handler finds it after a move.
    struct BusyWait {
        std::chrono::milliseconds timeout{0};
        std::chrono::steady_clock::time_point since;
    };
    sqlite3* db_ = nullptr;
    std::unique_ptr<BusyWait> busy_;
    QString path_;
    bool readOnly_ = false;
    std::shared_ptr<WriteTurns> turns_;
    WriteTurns::Role role_ = WriteTurns::Role::Window;
};

class Statement {
public:
    Statement(Database& db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Parameters are numbered from 1, as in SQLite.
    Statement& bindNull(int index);
    Statement& bind(int index, std::int64_t value);
    Statement& bind(int index, int value) { return bind(index, static_cast<std::int64_t>(value)); }
    Statement& bind(int index, double value);
    Statement& bind(int index, const QString& value); // a null QString binds NULL
    Statement& bind(int index, std::string_view value);
    Statement& bind(int index, const char* value) { return bind(index, std::string_view(value)); }
    Statement& bind(int index, const std::string& value) { return bind(index, std::string_view(value)); }
    // A BLOB (never NULL: an empty `value` binds an empty blob). The bytes are copied.
    Statement& bindBlob(int index, std::string_view value);
    template <typename T> Statement& bind(int index, const std::optional<T>& value)
    {
        return value ? bind(index, *value) : bindNull(index);
    }

    // Steps once: true when a row is ready, false when the statement is done.
    bool step();
    // Steps to the end; for statements that return no rows.
    void run();
    // Makes the statement ready to run again with new bindings.
    void reset();

    int columnCount() const;
    bool isNull(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    QString text(int column) const;
    // A BLOB column's bytes, valid until the next step, reset or column read of another type.
    std::string_view blob(int column) const;
    std::string stdText(int column) const;
    std::optional<std::int64_t> optionalInteger(int column) const;
    std::optional<double> optionalReal(int column) const;

private:
    Database& db_;
    sqlite3_stmt* statement_ = nullptr;
};

// BEGIN on construction; ROLLBACK on destruction unless commit() was called.
class Transaction {
public:
    enum class Kind {
        Deferred,  // takes the write lock at the first write
        Immediate, // takes the write lock at once: no deadlock between two writers
    };

    explicit Transaction(Database& db, Kind kind = Kind::Immediate);
    ~Transaction();
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;

    void commit();

private:
    void endTurn() noexcept;

    Database& db_;
    bool open_ = true;
    bool windowTurn_ = false; // announced to the connection's WriteTurns until the transaction ends
};

} // namespace flickdesk::core::sqlite
