#include "widgets/savedialog.h"

#include "widgets/settings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QStandardPaths>

namespace flickdesk::ui {

namespace {
SettingValue<QString> lastFolderSetting()
{
    return {QStringLiteral("SaveDialog/lastFolder")};
}

constexpr qsizetype kLongestName = 120;
} // namespace

QString proposedFileName(const QStringList& parts, const QString& suffix)
{
    QStringList kept;
    for (const QString& part : parts) {
        if (!part.trimmed().isEmpty())
            kept.append(part.trimmed());
    }
    QString name = kept.join(u' ');
    for (QChar& c : name) {
        // Windows refuses these, and "/" is no name character anywhere.
        if (c.unicode() < 0x20 || c.unicode() == 0x7f || QStringLiteral("/\\:*?\"<>|").contains(c))
            c = u'-';
        else if (c.isSpace())
            c = u' ';
    }
    name = name.simplified();
    name.truncate(kLongestName);
    // A leading dot hides a file; a trailing dot or space Windows drops.
    while (!name.isEmpty() && (name.front() == u'.' || name.front() == u' '))
        name.remove(0, 1);
    while (!name.isEmpty() && (name.back() == u'.' || name.back() == u' '))
        name.chop(1);
    if (name.isEmpty())
        name = QStringLiteral("FlickDesk");
    return suffix.isEmpty() ? name : name + u'.' + suffix;
}

QString lastSaveFolder()
{
    const QString remembered = lastFolderSetting().get();
    if (!remembered.isEmpty() && QFileInfo(remembered).isDir())
        return remembered;
    const QString documents = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (!documents.isEmpty() && QFileInfo(documents).isDir())
        return documents;
    return QDir::homePath();
}

void rememberSaveFolder(const QString& filePath)
{
    const QString folder = QFileInfo(filePath).absolutePath();
    if (!filePath.isEmpty() && QFileInfo(folder).isDir())
        lastFolderSetting().set(folder);
}

QString saveFileName(QWidget* parent, const QString& caption, const QString& fileName, const QString& filter)
{
    const QString path =
        QFileDialog::getSaveFileName(parent, caption, QDir(lastSaveFolder()).filePath(fileName), filter);
    if (!path.isEmpty())
        rememberSaveFolder(path);
    return path;
}

} // namespace flickdesk::ui
