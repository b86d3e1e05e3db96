// The About dialog (widgets/aboutdialog.h) and what the flickdesk program answers to --version
// and --help. The expected texts are not taken from the dialog's own code: the version comes from
// the build (FLICKDESK_VERSION, the project's VERSION), the licence from the repository's LICENSE
// file read here, and the licence names are the ones the issue requires (MIT, LGPLv3 with where
// the source is, GPLv3 for Qt Charts, SQLite in the public domain).
#include "widgets/aboutdialog.h"
#include "widgets/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTextBrowser>

using flickdesk::ui::AboutDialog;
using flickdesk::ui::MainWindow;

namespace {

// The repository's LICENSE, read from the source tree (FLICKDESK_TEST_DATA_DIR is tests/data).
QString repositoryLicence()
{
    QFile file(QStringLiteral(FLICKDESK_TEST_DATA_DIR "/../../LICENSE"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run runFlickDesk(const QStringList& arguments, const QProcessEnvironment& environment)
{
    QProcess process;
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(FLICKDESK_GUI_PATH), arguments);
    Run run;
    if (!process.waitForFinished(60000)) {
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

} // namespace

class TestAbout : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void tabsShowVersionLicenceAndThirdParty();
    void licenceTabIsTheRepositoryLicence();
    void thirdPartyNamesQtChartsAndSqliteLicences();
    void gnuLicenceTextsAreComplete();
    void closeButtonCloses();
    void aboutBoxOpensTheLicences();
    void versionOption_data();
    void versionOption();
    void helpOptionListsTheOptions();
};

void TestAbout::tabsShowVersionLicenceAndThirdParty()
{
    AboutDialog dialog;
    QCOMPARE(dialog.windowTitle(), QStringLiteral("About FlickDesk"));
    QTabWidget* tabs = dialog.tabs();
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), 4);
    auto* summary = dialog.findChild<QLabel*>(QStringLiteral("aboutSummary"));
    QVERIFY(summary);
    const QString text = summary->text();
    QVERIFY2(text.contains(QStringLiteral("FlickDesk " FLICKDESK_VERSION)), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("MIT")));
    QVERIFY(text.contains(QStringLiteral("LGPLv3")));
    QVERIFY(text.contains(QStringLiteral("SQLite")));
    // The Qt the test runs with is the Qt the dialog reports.
    QVERIFY2(text.contains(QString::fromLatin1(qVersion())), qPrintable(text));
    QVERIFY(dialog.findChild<QPlainTextEdit*>(QStringLiteral("aboutLicence")));
    QVERIFY(dialog.findChild<QTextBrowser*>(QStringLiteral("aboutThirdParty")));
    QVERIFY(dialog.findChild<QPlainTextEdit*>(QStringLiteral("aboutGnuLicences")));
}

void TestAbout::licenceTabIsTheRepositoryLicence()
{
    const QString licence = repositoryLicence();
    QVERIFY2(licence.startsWith(QStringLiteral("MIT License")), "LICENSE not found in the source tree");
    AboutDialog dialog;
    auto* page = dialog.findChild<QPlainTextEdit*>(QStringLiteral("aboutLicence"));
    QVERIFY(page);
    QCOMPARE(page->toPlainText(), licence);
    QCOMPARE(AboutDialog::licenceText(), licence);
}

void TestAbout::thirdPartyNamesQtChartsAndSqliteLicences()
{
    AboutDialog dialog;
    auto* page = dialog.findChild<QTextBrowser*>(QStringLiteral("aboutThirdParty"));
    QVERIFY(page);
    const QString text = page->toPlainText();
    QVERIFY2(text.contains(QStringLiteral("Qt %1").arg(QString::fromLatin1(qVersion()))), qPrintable(text));
    QVERIFY(!text.contains(QStringLiteral("%QT_VERSION%")));
    QVERIFY(text.contains(QStringLiteral("GNU Lesser General Public License version 3")));
    // Where Qt's source is (LGPLv3 section 4 asks for the means to get it).
    QVERIFY(text.contains(QStringLiteral("https://download.qt.io/")));
    QVERIFY(text.contains(QStringLiteral("apt-get source qt6-base")));
    // Qt Charts: GPLv3 only in open-source Qt, said plainly.
    QVERIFY(text.contains(QStringLiteral("Qt Charts")));
    QVERIFY(text.contains(QStringLiteral("only under the GNU General Public License version 3")));
    QVERIFY(text.contains(QStringLiteral("SQLite")));
    QVERIFY(text.contains(QStringLiteral("public domain")));
    QVERIFY(text.contains(QStringLiteral("not through Qt SQL")));
}

void TestAbout::gnuLicenceTextsAreComplete()
{
    const QString text = AboutDialog::gnuLicencesText();
    // The titles and the closing lines of both licences as the FSF publishes them.
    QVERIFY(text.contains(
        QStringLiteral("GNU LESSER GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007")));
    QVERIFY(text.contains(
        QStringLiteral("GNU GENERAL PUBLIC LICENSE\n                       Version 3, 29 June 2007")));
    QVERIFY(text.contains(QStringLiteral("<https://www.gnu.org/licenses/why-not-lgpl.html>.")));
    QVERIFY(!text.contains(QStringLiteral("is missing from this build")));
}

void TestAbout::closeButtonCloses()
{
    QWidget parent;
    parent.show();
    QVERIFY(QTest::qWaitForWindowExposed(&parent));
    QPointer<AboutDialog> dialog = new AboutDialog(&parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    QTRY_VERIFY(dialog->isVisible());
    QPushButton* close = nullptr;
    for (QPushButton* button : dialog->findChildren<QPushButton*>())
        if (button->text().remove(QLatin1Char('&')) == QStringLiteral("Close"))
            close = button;
    QVERIFY(close);
    close->click();
    QTRY_VERIFY(dialog.isNull());
}

// Help > About FlickDesk opens the tabbed dialog: version first, then the licences.
void TestAbout::aboutBoxOpensTheLicences()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* aboutAction = window.findChild<QAction*>(QStringLiteral("aboutAction"));
    QVERIFY(aboutAction);
    aboutAction->trigger();
    QTRY_VERIFY(qobject_cast<AboutDialog*>(QApplication::activeModalWidget()) != nullptr);
    QPointer<AboutDialog> dialog = qobject_cast<AboutDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog->isVisible());
    QCOMPARE(dialog->tabs()->currentIndex(), 0);
    dialog->tabs()->setCurrentIndex(2);
    QVERIFY(dialog->findChild<QWidget*>(QStringLiteral("aboutThirdParty"))->isVisible());
    dialog->reject();
    QTRY_VERIFY(dialog.isNull()); // WA_DeleteOnClose
}

// --version needs no display: it must answer without DISPLAY and without QT_QPA_PLATFORM too.
void TestAbout::versionOption_data()
{
    QTest::addColumn<bool>("withoutDisplay");
    QTest::newRow("offscreen") << false;
    QTest::newRow("no display, no platform") << true;
}

void TestAbout::versionOption()
{
    QFETCH(bool, withoutDisplay);
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    if (withoutDisplay) {
        environment.remove(QStringLiteral("DISPLAY"));
        environment.remove(QStringLiteral("WAYLAND_DISPLAY"));
        environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    } else {
        environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    }
    const Run run = runFlickDesk({QStringLiteral("--version")}, environment);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out.trimmed(), QStringLiteral("FlickDesk " FLICKDESK_VERSION));
}

void TestAbout::helpOptionListsTheOptions()
{
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.remove(QStringLiteral("DISPLAY"));
    environment.remove(QStringLiteral("QT_QPA_PLATFORM"));
    const Run run = runFlickDesk({QStringLiteral("--help")}, environment);
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(QStringLiteral("Usage: ")), qPrintable(run.out));
    for (const QString& option : {QStringLiteral("--help"), QStringLiteral("--version"),
                                  QStringLiteral("--db <FILE>"), QStringLiteral("--smoke-test")})
        QVERIFY2(run.out.contains(option), qPrintable(option + QStringLiteral(" missing from:\n") + run.out));
}

QTEST_MAIN(TestAbout)
#include "tst_about.moc"
