#pragma once

// Reading a file FlickDesk is given, with a size limit. Every file is untrusted: a history CSV that
// is really /dev/zero, a FIFO or a folder must neither hang FlickDesk nor take its memory. Every
// reader of ui/ goes through readBoundedFile (docs/files.md lists the limits).

#include <QByteArray>
#include <QString>
#include <QtGlobal>

namespace flickdesk::core {

// The most bytes FlickDesk reads from one file of a kind: far above any association's files (the
// whole NCA history's results.csv is 92 KB), low enough that memory stays bounded.
namespace file_limits {
inline constexpr qint64 csvFile = qint64(256) << 20;  // history CSVs, rating lists, pools, entrants, systems
inline constexpr qint64 eventFile = qint64(64) << 20; // an event submission file (JSON)
inline constexpr qint64 paramsFile = qint64(1) << 20; // params.json
} // namespace file_limits

struct BoundedFile {
    enum class Status {
        Read,       // `bytes` holds the whole file
        Missing,    // no file at the path
        NotAFile,   // a folder, a device, a pipe or a socket
        TooLarge,   // more than the limit
        Unreadable, // the system refused to open or read it
    };
    Status status = Status::Missing;
    QByteArray bytes;
    // Why the file was not read, in words that follow its name ("FILE: <problem>"); empty when read.
    QString problem;

    bool ok() const noexcept { return status == Status::Read; }
};

// Reads the file at `path` when it is a regular file (or a link to one) of at most `limit` bytes.
// Never reads more than `limit` + 1 bytes, so that a file growing while it is read is refused too,
// and never opens anything else (opening a FIFO would wait for a writer).
BoundedFile readBoundedFile(const QString& path, qint64 limit);

// A limit in words: "256 MiB".
QString describeFileLimit(qint64 limit);

} // namespace flickdesk::core
