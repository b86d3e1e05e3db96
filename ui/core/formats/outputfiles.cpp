#include "core/formats/outputfiles.h"

#include "core/translation.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMutex>
#include <QMutexLocker>
#include <QSaveFile>
#include <QTemporaryFile>
#include <algorithm>
#include <cstdio>
#include <optional>
#include <utility>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace flickdesk::core {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::OutputFiles)

QMutex& registryMutex()
{
    static QMutex mutex;
    return mutex;
}

QStringList& openDatabases()
{
    static QStringList paths;
    return paths;
}

// `path` absolute, with "." and ".." gone and every symbolic link of its existing part resolved;
// the part that does not exist yet is appended as given.
QString resolvedPath(const QString& path, int depth = 0)
{
    const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    const QFileInfo info(absolute);
    if (info.exists())
        return info.canonicalFilePath();
    if (info.isSymLink() && depth < 16) // a dangling link: where writing would create the file
        return resolvedPath(info.symLinkTarget(), depth + 1);
    QStringList missing;
    QString existing = absolute;
    while (!QFileInfo::exists(existing)) {
        const QFileInfo part(existing);
        const QString parent = part.path();
        if (parent == existing)
            break;
        missing.prepend(part.fileName());
        existing = parent;
    }
    QString base = QFileInfo(existing).canonicalFilePath();
    if (base.isEmpty())
        base = existing;
    return missing.isEmpty() ? base : QDir::cleanPath(base + u'/' + missing.join(u'/'));
}

bool isInside(const QString& path, const QString& folder)
{
    return path.startsWith(folder.endsWith(u'/') ? folder : folder + u'/');
}

#ifdef Q_OS_UNIX
using FileIdentity = std::pair<dev_t, ino_t>;
std::optional<FileIdentity> identityOf(const QString& path)
{
    struct stat status {};
    if (::stat(QFile::encodeName(path).constData(), &status) != 0)
        return std::nullopt;
    return FileIdentity{status.st_dev, status.st_ino};
}
#endif

// The one database `database`: why `resolved` (the output, resolved) clashes with it, or empty.
QString clashWith(const QString& output, const QString& resolved, const QString& database)
{
    const QString shownOutput = QDir::toNativeSeparators(output);
    const QString db = resolvedPath(database);
    const QString shownDb = QDir::toNativeSeparators(db);
    const QStringList companions = {QStringLiteral("-wal"), QStringLiteral("-shm"),
                                    QStringLiteral("-journal"), QStringLiteral(".lock"),
                                    QStringLiteral(".new")};
#ifdef Q_OS_UNIX
    const std::optional<FileIdentity> outputIdentity = identityOf(resolved);
#endif
    const auto sameFile = [&](const QString& candidate) {
        if (resolved == resolvedPath(candidate))
            return true;
#ifdef Q_OS_UNIX
        // A hard link has a name of its own: the device and inode tell it.
        if (outputIdentity) {
            const std::optional<FileIdentity> identity = identityOf(candidate);
            return identity && *identity == *outputIdentity;
        }
#endif
        return false;
    };
    if (sameFile(db))
        return tr("%1 is the database %2 itself; choose another file. Nothing was written.")
            .arg(shownOutput, shownDb);
    for (const QString& suffix : companions) {
        if (sameFile(db + suffix))
            return tr("%1 is a working file of the database %2; choose another file. Nothing was written.")
                .arg(shownOutput, shownDb);
    }
    // Store::backupFolder(): backups/ beside the database (not called, so that the readers' fuzz
    // targets, which link this file without the store, stay small).
    const QString backups = resolvedPath(QFileInfo(db).absoluteDir().filePath(QStringLiteral("backups")));
    if (resolved == backups || isInside(resolved, backups))
        return tr("%1 is in the backup folder of the database %2, which FlickDesk manages itself; choose "
                  "another place. Nothing was written.")
            .arg(shownOutput, shownDb);
    if (isInside(db, resolved))
        return tr("%1 is a folder that holds the database %2; choose another place. Nothing was written.")
            .arg(shownOutput, shownDb);
    return {};
}

} // namespace

void registerOpenDatabase(const QString& databasePath)
{
    const QMutexLocker locker(&registryMutex());
    openDatabases().append(databasePath);
}

void forgetOpenDatabase(const QString& databasePath)
{
    const QMutexLocker locker(&registryMutex());
    openDatabases().removeOne(databasePath);
}

QString outputClashWithDatabase(const QString& output, const QStringList& databases)
{
    QStringList all = databases;
    {
        const QMutexLocker locker(&registryMutex());
        all += openDatabases();
    }
    const QString resolved = resolvedPath(output);
    for (const QString& database : std::as_const(all)) {
        if (database.isEmpty())
            continue;
        if (QString problem = clashWith(output, resolved, database); !problem.isEmpty())
            return problem;
    }
    return {};
}

bool flushToDisk(QFileDevice& file)
{
    if (!file.flush())
        return false;
#ifdef Q_OS_UNIX
    // Space a file system allots only when it writes (delayed allocation) fails here, if at all.
    if (file.handle() >= 0 && ::fsync(file.handle()) != 0)
        return false;
#endif
    return true;
}

QString writeFileAtomically(const QString& path, const QByteArray& bytes)
{
    // QSaveFile writes a temporary file beside `path` and only commit() renames it over `path`; a
    // failure removes the temporary file. Its buffered writes are checked by flushToDisk().
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !flushToDisk(file) ||
        !file.commit())
        return tr("cannot write %1: %2").arg(QDir::toNativeSeparators(path), file.errorString());
    return {};
}

bool giveNewFolderMode(const QString& folder)
{
#ifdef Q_OS_UNIX
    // The umask is read by making a folder, not by umask() (which would change it for every thread
    // a moment): inside `folder`, which is fresh and this process's own.
    const QByteArray probe = QFile::encodeName(QDir(folder).filePath(QStringLiteral(".mode-probe")));
    if (::mkdir(probe.constData(), 0777) != 0)
        return false;
    struct stat status {};
    const bool known = ::stat(probe.constData(), &status) == 0;
    ::rmdir(probe.constData());
    return known && ::chmod(QFile::encodeName(folder).constData(), status.st_mode & 0777) == 0;
#else
    return QFile::setPermissions(folder, QFileDevice::ReadOwner | QFileDevice::WriteOwner |
                                             QFileDevice::ExeOwner | QFileDevice::ReadGroup |
                                             QFileDevice::ExeGroup | QFileDevice::ReadOther |
                                             QFileDevice::ExeOther);
#endif
}

ReplacingFile::ReplacingFile(const QString& target)
    : target_(target)
{
    const QFileInfo info(target);
    const QString pattern = info.absoluteDir().filePath(QStringLiteral(".%1.XXXXXX").arg(info.fileName()));
#ifdef Q_OS_UNIX
    // A QTemporaryFile is made for its owner alone (0600), and the rename kept that mode: a PDF came
    // out 0600 where a JSON file (QSaveFile) is 0644. Made as QSaveFile makes its own, the finished
    // file has the mode of any new file (0666 less the umask), or the mode of the file it replaces.
    const bool replaces = info.exists();
    QByteArray name;
    int descriptor = -1;
    for (int attempt = 0; attempt < 100 && descriptor < 0; ++attempt) {
        QTemporaryFile probe(pattern); // only for a fresh random name
        if (!probe.open())
            break;
        name = QFile::encodeName(probe.fileName());
        probe.remove();
        descriptor = ::open(name.constData(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, replaces ? 0600 : 0666);
        if (descriptor < 0 && errno != EEXIST)
            break;
    }
    if (descriptor < 0) {
        error_ = tr("cannot write %1: %2")
                     .arg(QDir::toNativeSeparators(target), QString::fromLocal8Bit(std::strerror(errno)));
        return;
    }
    if (replaces) {
        struct stat status {};
        if (::stat(QFile::encodeName(target).constData(), &status) == 0)
            ::fchmod(descriptor, status.st_mode & 07777);
    }
    ::close(descriptor);
    temporary_ = QFile::decodeName(name);
#else
    QTemporaryFile file(pattern);
    file.setAutoRemove(false);
    if (!file.open()) {
        error_ = tr("cannot write %1: %2").arg(QDir::toNativeSeparators(target), file.errorString());
        return;
    }
    temporary_ = file.fileName();
#endif
}

ReplacingFile::~ReplacingFile()
{
    if (!committed_ && !temporary_.isEmpty())
        QFile::remove(temporary_);
}

bool ReplacingFile::commit(const QByteArray& expectedStart, const QByteArray& expectedEnd)
{
    if (temporary_.isEmpty())
        return false;
    const QString shown = QDir::toNativeSeparators(target_);
    {
        QFile written(temporary_);
        if (!written.open(QIODevice::ReadWrite)) {
            error_ = tr("cannot write %1: %2").arg(shown, written.errorString());
            return false;
        }
        const QByteArray start = written.read(expectedStart.size());
        QByteArray end;
        if (!expectedEnd.isEmpty() &&
            written.seek(std::max<qint64>(0, written.size() - expectedEnd.size() - 8)))
            end = written.read(expectedEnd.size() + 8).trimmed();
        if (written.size() == 0 || !start.startsWith(expectedStart) || !end.endsWith(expectedEnd)) {
            error_ =
                tr("cannot write %1: the file came out empty or cut short (is the disk full?)").arg(shown);
            return false;
        }
        // On disk before it takes the target's name: a power cut never leaves a renamed empty file.
        if (!written.flush()) {
            error_ = tr("cannot write %1: %2").arg(shown, written.errorString());
            return false;
        }
#ifdef Q_OS_UNIX
        if (::fsync(written.handle()) != 0) {
            error_ = tr("cannot write %1: it could not be flushed to the disk").arg(shown);
            return false;
        }
#endif
    }
    if (std::rename(QFile::encodeName(temporary_).constData(), QFile::encodeName(target_).constData()) != 0) {
        error_ = tr("cannot write %1: the finished file could not be given that name").arg(shown);
        return false;
    }
    committed_ = true;
    return true;
}

} // namespace flickdesk::core
