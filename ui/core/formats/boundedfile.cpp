#include "core/formats/boundedfile.h"

#include "core/translation.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <algorithm>

namespace flickdesk::core {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::core::BoundedFile)

QString tooLarge(qint64 limit)
{
    return tr("the file is larger than %1, the most FlickDesk reads from a file of this kind; is it the "
              "right file?")
        .arg(describeFileLimit(limit));
}

} // namespace

QString describeFileLimit(qint64 limit)
{
    if (limit % (qint64(1) << 20) == 0)
        return tr("%1 MiB").arg(limit >> 20);
    if (limit % (qint64(1) << 10) == 0)
        return tr("%1 KiB").arg(limit >> 10);
    return tr("%1 bytes").arg(limit);
}

BoundedFile readBoundedFile(const QString& path, qint64 limit)
{
    BoundedFile result;
    const QFileInfo info(path); // follows symbolic links
    if (!info.exists()) {
        result.status = BoundedFile::Status::Missing;
        result.problem = tr("cannot be read: the file does not exist");
        return result;
    }
    if (info.isDir()) {
        result.status = BoundedFile::Status::NotAFile;
        result.problem = tr("is a folder, not a file");
        return result;
    }
    if (!info.isFile()) {
        result.status = BoundedFile::Status::NotAFile;
        result.problem = tr("is not an ordinary file (a device, a pipe or a socket); FlickDesk reads only "
                            "files saved on a disk");
        return result;
    }
    if (info.size() > limit) {
        result.status = BoundedFile::Status::TooLarge;
        result.problem = tooLarge(limit);
        return result;
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        result.status = BoundedFile::Status::Unreadable;
        result.problem = tr("cannot be read: %1").arg(file.errorString());
        return result;
    }
    // The size may have changed since it was asked: read in pieces, never more than limit + 1.
    QByteArray bytes;
    bytes.reserve(std::clamp<qint64>(file.size(), 0, limit) + 1);
    constexpr qint64 piece = qint64(1) << 20;
    for (;;) {
        const qint64 wanted = std::min(piece, limit + 1 - bytes.size());
        const qsizetype before = bytes.size();
        bytes.resize(before + wanted);
        const qint64 got = file.read(bytes.data() + before, wanted);
        if (got < 0) {
            result.status = BoundedFile::Status::Unreadable;
            result.problem = tr("cannot be read: %1").arg(file.errorString());
            return result;
        }
        bytes.resize(before + got);
        if (bytes.size() > limit) {
            result.status = BoundedFile::Status::TooLarge;
            result.problem = tooLarge(limit);
            return result;
        }
        if (got == 0)
            break;
    }
    result.status = BoundedFile::Status::Read;
    result.bytes = std::move(bytes);
    return result;
}

} // namespace flickdesk::core
