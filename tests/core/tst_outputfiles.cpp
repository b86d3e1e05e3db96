// The mode of the files FlickDesk writes (core/formats/outputfiles.h). A PDF, written through
// ReplacingFile for QPdfWriter, came out 0600 while a JSON file (writeFileAtomically, QSaveFile) was
// 0644: every written file now follows the umask like any new file, keeps the mode of the file it
// replaces, and stays whole or absent (a temporary file beside it, then a rename).
#include "core/formats/outputfiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#include <sys/types.h>
#endif

using namespace flickdesk;

namespace {

#ifdef Q_OS_UNIX
// The mode bits of `path` (the permission bits only), or -1.
int modeOf(const QString& path)
{
    struct stat status {};
    if (::stat(QFile::encodeName(path).constData(), &status) != 0)
        return -1;
    return static_cast<int>(status.st_mode & 07777);
}

// Sets the umask for the lifetime of the object.
class Umask {
public:
    explicit Umask(mode_t mask)
        : m_old(::umask(mask))
    {
    }
    ~Umask() { ::umask(m_old); }
    Umask(const Umask&) = delete;
    Umask& operator=(const Umask&) = delete;

private:
    mode_t m_old;
};
#endif

const QByteArray kPdf = QByteArrayLiteral("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n");

// A PDF through ReplacingFile, as sheetprinting's savePdf writes one (QPdfWriter opens the
// temporary path and writes it).
bool writePdf(const QString& path)
{
    core::ReplacingFile pdf(path);
    if (pdf.temporaryPath().isEmpty())
        return false;
    {
        QFile file(pdf.temporaryPath());
        if (!file.open(QIODevice::WriteOnly) || file.write(kPdf) != kPdf.size())
            return false;
    }
    return pdf.commit("%PDF-", "%%EOF");
}

} // namespace

class TestOutputFiles : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void newFilesFollowTheUmask_data();
    void newFilesFollowTheUmask();
    void aReplacedFileKeepsItsMode();
    void anUncommittedFileLeavesNothing();
};

void TestOutputFiles::newFilesFollowTheUmask_data()
{
    QTest::addColumn<int>("mask");
    QTest::addColumn<int>("mode");
    QTest::newRow("umask 022") << 022 << 0644;
    QTest::newRow("umask 077") << 077 << 0600;
    QTest::newRow("umask 002") << 002 << 0664;
}

void TestOutputFiles::newFilesFollowTheUmask()
{
#ifndef Q_OS_UNIX
    QSKIP("file modes are a Unix matter");
#else
    QFETCH(int, mask);
    QFETCH(int, mode);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("results.pdf"));
    const QString json = dir.filePath(QStringLiteral("event.json"));
    {
        const Umask umask(static_cast<mode_t>(mask));
        QVERIFY(writePdf(pdf));
        QCOMPARE(core::writeFileAtomically(json, QByteArrayLiteral("{}\n")), QString());
    }
    QCOMPARE(modeOf(pdf), mode);
    QCOMPARE(modeOf(json), mode);
    // A folder (an export's history folder, made by QTemporaryDir) likewise, with its x bits.
    QTemporaryDir folder(dir.filePath(QStringLiteral("history.XXXXXX")));
    QVERIFY(folder.isValid());
    QCOMPARE(modeOf(folder.path()), 0700);
    {
        const Umask umask(static_cast<mode_t>(mask));
        QVERIFY(core::giveNewFolderMode(folder.path()));
    }
    QCOMPARE(modeOf(folder.path()), 0777 & ~mask);
    QVERIFY(QDir(folder.path()).isEmpty(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot));
    folder.remove();
    QFile written(pdf);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), kPdf);
    // Nothing but the two files: no temporary file left beside them.
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot),
             (QStringList{QStringLiteral("event.json"), QStringLiteral("results.pdf")}));
#endif
}

void TestOutputFiles::aReplacedFileKeepsItsMode()
{
#ifndef Q_OS_UNIX
    QSKIP("file modes are a Unix matter");
#else
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("standings.pdf"));
    const QString json = dir.filePath(QStringLiteral("event.json"));
    for (const QString& path : {pdf, json}) {
        QFile old(path);
        QVERIFY(old.open(QIODevice::WriteOnly));
        old.write("old");
        old.close();
        QVERIFY(::chmod(QFile::encodeName(path).constData(), 0640) == 0);
    }
    const Umask umask(022);
    QVERIFY(writePdf(pdf));
    QCOMPARE(core::writeFileAtomically(json, QByteArrayLiteral("{}\n")), QString());
    QCOMPARE(modeOf(pdf), 0640);
    QCOMPARE(modeOf(json), 0640);
    QFile written(pdf);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), kPdf);
#endif
}

void TestOutputFiles::anUncommittedFileLeavesNothing()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString pdf = dir.filePath(QStringLiteral("preview.pdf"));
    {
        core::ReplacingFile file(pdf);
        QVERIFY(!file.temporaryPath().isEmpty());
        QVERIFY(QFileInfo::exists(file.temporaryPath()));
        QCOMPARE(QFileInfo(file.temporaryPath()).absolutePath(), QFileInfo(pdf).absolutePath());
        // A writer that failed: an empty file is refused, the target is never made.
        QVERIFY(!file.commit("%PDF-", "%%EOF"));
    }
    QVERIFY(!QFileInfo::exists(pdf));
    QVERIFY(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot).isEmpty());
    // A folder that is not there: no temporary file, an error naming the file.
    core::ReplacingFile nowhere(dir.filePath(QStringLiteral("missing/preview.pdf")));
    QVERIFY(nowhere.temporaryPath().isEmpty());
    QVERIFY2(nowhere.errorString().contains(QLatin1String("preview.pdf")), qPrintable(nowhere.errorString()));
}

QTEST_GUILESS_MAIN(TestOutputFiles)
#include "tst_outputfiles.moc"
