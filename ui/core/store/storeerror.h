#pragma once

// What the FlickDesk database (core/store/store.h) throws.

#include <QString>
#include <stdexcept>

namespace flickdesk::core {

// Thrown by Store operations. The message says what went wrong in words for the user.
class StoreError : public std::runtime_error {
public:
    enum class Kind {
        ReadOnly, // another FlickDesk holds the database: nothing was written
        Refused,  // the request conflicts with the data (an awarded lock, an unknown event)
        Failed,   // SQLite or the file system failed (full disk, I/O error)
    };
    StoreError(Kind kind, const QString& message);
    Kind kind() const noexcept { return kind_; }
    QString message() const { return QString::fromUtf8(what()); }

private:
    Kind kind_;
};

} // namespace flickdesk::core
