#pragma once

// The files FlickDesk writes: where they may go, and how they are written.
//
// - No output may land on a database FlickDesk uses: the database file, its -wal, -shm and
//   -journal files, its lock file, its backups folder or anything in it; nor may an output folder
//   hold the database. Paths are compared after resolving symbolic links, "." and "..", and an
//   existing file is also compared by its device and inode, which finds hard links.
// - Every file is written under a temporary name beside its target, every write and the final
//   flush to disk checked, and only then renamed over the target: a full disk or a killed process
//   leaves the earlier file as it was. The finished file has the mode of any new file (0666 less
//   the umask), or that of the file it replaces.

#include <QByteArray>
#include <QFileDevice>
#include <QString>
#include <QStringList>

namespace flickdesk::core {

// The databases this process has open (Store::open registers each, ~Store forgets it).
void registerOpenDatabase(const QString& databasePath);
void forgetOpenDatabase(const QString& databasePath);

// Why `output` (a file or a folder to be written) must not be written because it is, or holds, one
// of `databases` or one of the databases this process has open, or a file that belongs to one; an
// empty string when it may be written.
QString outputClashWithDatabase(const QString& output, const QStringList& databases = {});

// Flushes what was written to `file` to the disk: false when a write fails (a full disk). A
// QSaveFile must go through this before commit(): QSaveFile::commit() takes a failure of the
// writes it flushes itself for success, and renames a cut file into place.
bool flushToDisk(QFileDevice& file);

// Writes `bytes` as the whole file `path`, through a temporary file renamed into place. An error
// message naming the file, or an empty string.
QString writeFileAtomically(const QString& path, const QByteArray& bytes);

// Gives `folder`, made for its owner alone (QTemporaryDir: 0700), the mode of any new folder: 0777
// less the umask. False when it cannot.
bool giveNewFolderMode(const QString& folder);

// A file that a writer which needs a path of its own (QPdfWriter) writes under a temporary name
// beside `target`; commit() checks it and renames it into place. Without commit(), or when it fails,
// the temporary file is removed and `target` is left as it was.
class ReplacingFile {
public:
    explicit ReplacingFile(const QString& target);
    ~ReplacingFile();
    ReplacingFile(const ReplacingFile&) = delete;
    ReplacingFile& operator=(const ReplacingFile&) = delete;

    // The temporary file to write; empty when it could not be made (errorString() says why).
    QString temporaryPath() const { return temporary_; }
    // Flushes the temporary file to disk and renames it to the target. `expectedStart` and
    // `expectedEnd`, when given, are what the written file must begin and end with (a PDF: "%PDF-"
    // and "%%EOF"): a writer that failed silently (a full disk) leaves an empty or cut file.
    bool commit(const QByteArray& expectedStart = {}, const QByteArray& expectedEnd = {});
    QString errorString() const { return error_; }

private:
    QString target_;
    QString temporary_;
    QString error_;
    bool committed_ = false;
};

} // namespace flickdesk::core
