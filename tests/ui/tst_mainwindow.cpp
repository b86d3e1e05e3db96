// The flickdesk main window: title, menus, the About box, and (with FLICKDESK_SCREENSHOT_DIR set)
// screenshots that show a person what the window looks like.
#include "../common/imagecheck.h"
#include "core/store/store.h"
#include "widgets/aboutdialog.h"
#include "widgets/mainwindow.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPixmap>
#include <QPointer>
#include <QPushButton>
#include <QScreen>
#include <QSet>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <memory>

using flickdesk::ui::MainWindow;

namespace {

QString screenshotDir()
{
    return qEnvironmentVariable("FLICKDESK_SCREENSHOT_DIR");
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void title();
    void menusAndActions();
    void welcomeTextAndStatusBar();
    void openFailureNamesTheFile();
    void readOnlyStoreSaysSo();
    void quitClosesTheWindow();
    void aboutDialogStatesVersionAndLicences();
    void aboutActionOpensAndClosesTheDialog();
    void screenshots();
};

void TestMainWindow::initTestCase()
{
    // openDatabase remembers the file in QSettings: keep the tests' settings apart.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("FlickDeskTests"));
}

void TestMainWindow::title()
{
    MainWindow window;
    QCOMPARE(window.windowTitle(), QStringLiteral("FlickDesk"));
}

void TestMainWindow::menusAndActions()
{
    MainWindow window;
    const QList<QAction*> menuActions = window.menuBar()->actions();
    QCOMPARE(menuActions.size(), 4);
    QCOMPARE(menuActions.at(0)->text(), QStringLiteral("&File"));
    QCOMPARE(menuActions.at(1)->text(), QStringLiteral("&Edit"));
    QCOMPARE(menuActions.at(2)->text(), QStringLiteral("E&vent"));
    QCOMPARE(menuActions.at(3)->text(), QStringLiteral("&Help"));

    auto* fileMenu = window.findChild<QMenu*>(QStringLiteral("fileMenu"));
    QVERIFY(fileMenu);
    QCOMPARE(fileMenu->menuAction(), menuActions.at(0));
    auto* quitAction = window.findChild<QAction*>(QStringLiteral("quitAction"));
    QVERIFY(quitAction);
    QVERIFY(fileMenu->actions().contains(quitAction));
    QCOMPARE(quitAction->shortcuts(), QKeySequence::keyBindings(QKeySequence::Quit));

    auto* helpMenu = window.findChild<QMenu*>(QStringLiteral("helpMenu"));
    QVERIFY(helpMenu);
    QCOMPARE(helpMenu->menuAction(), menuActions.at(3));
    auto* aboutAction = window.findChild<QAction*>(QStringLiteral("aboutAction"));
    QVERIFY(aboutAction);
    QVERIFY(helpMenu->actions().contains(aboutAction));
    QCOMPARE(aboutAction->text(), QStringLiteral("&About FlickDesk"));

    // The frequent actions of the morning have shortcuts.
    const auto shortcutOf = [&window](const char* name) {
        auto* action = window.findChild<QAction*>(QString::fromLatin1(name));
        return action ? action->shortcut() : QKeySequence();
    };
    QCOMPARE(shortcutOf("newEventAction"), QKeySequence(Qt::CTRL | Qt::Key_N));
    QCOMPARE(shortcutOf("undoAction"), QKeySequence(Qt::CTRL | Qt::Key_Z));
    QCOMPARE(shortcutOf("redoAction"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z));
    QCOMPARE(shortcutOf("printAction"), QKeySequence(QKeySequence::Print));
}

void TestMainWindow::openFailureNamesTheFile()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("not-flickdesk.sqlite"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("this is not a database, only text that happens to be here\n");
    file.close();
    MainWindow window;
    window.show();
    QVERIFY(!window.openDatabase(path, MainWindow::FirstStart::StartEmpty));
    QVERIFY(!window.store());
    QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
    QPointer<QMessageBox> box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    QVERIFY(box);
    QCOMPARE(box->objectName(), QStringLiteral("openErrorBox"));
    QVERIFY2(box->text().contains(QStringLiteral("not-flickdesk.sqlite")), qPrintable(box->text()));
    box->button(QMessageBox::Close)->click();
    QTRY_VERIFY(box.isNull());
}

void TestMainWindow::readOnlyStoreSaysSo()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("shared.sqlite"));
    MainWindow writer;
    QVERIFY(writer.openDatabase(path, MainWindow::FirstStart::StartEmpty));
    MainWindow reader; // a second FlickDesk on the same file opens it read-only
    QVERIFY(reader.openDatabase(path, MainWindow::FirstStart::StartEmpty));
    QVERIFY(reader.store()->isReadOnly());
    auto* label = reader.findChild<QLabel*>(QStringLiteral("readOnlyLabel"));
    QVERIFY(label);
    QVERIFY(!label->isHidden());
    QVERIFY(label->text().startsWith(QStringLiteral("Read-only")));
    QVERIFY(!reader.findChild<QAction*>(QStringLiteral("newEventAction"))->isEnabled());
    QVERIFY(writer.findChild<QAction*>(QStringLiteral("newEventAction"))->isEnabled());
}

void TestMainWindow::welcomeTextAndStatusBar()
{
    MainWindow window;
    auto* welcome = qobject_cast<QLabel*>(window.centralWidget());
    QVERIFY(welcome);
    QVERIFY(welcome->text().contains(QStringLiteral("Welcome to FlickDesk")));
    QVERIFY(welcome->text().contains(QStringLiteral("events")));
    QVERIFY(window.statusBar());
    QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Ready"));
}

void TestMainWindow::quitClosesTheWindow()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* quitAction = window.findChild<QAction*>(QStringLiteral("quitAction"));
    QVERIFY(quitAction);
    quitAction->trigger();
    QVERIFY(!window.isVisible());
}

void TestMainWindow::aboutDialogStatesVersionAndLicences()
{
    MainWindow window;
    std::unique_ptr<flickdesk::ui::AboutDialog> dialog(window.createAboutDialog());
    QVERIFY(dialog);
    QCOMPARE(dialog->windowTitle(), QStringLiteral("About FlickDesk"));
    auto* summary = dialog->findChild<QLabel*>(QStringLiteral("aboutSummary"));
    QVERIFY(summary);
    const QString text = summary->text();
    QVERIFY2(text.contains(QStringLiteral(FLICKDESK_VERSION)), qPrintable(text));
    QVERIFY(text.contains(QStringLiteral("MIT")));
    QVERIFY(text.contains(QStringLiteral("Qt")));
    QVERIFY(text.contains(QStringLiteral("LGPLv3")));
    QVERIFY(text.contains(QStringLiteral("SQLite")));
    QVERIFY(text.contains(QStringLiteral("public domain")));
    // The licences themselves, a tab each.
    QCOMPARE(dialog->tabs()->count(), 4);
}

void TestMainWindow::aboutActionOpensAndClosesTheDialog()
{
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* aboutAction = window.findChild<QAction*>(QStringLiteral("aboutAction"));
    QVERIFY(aboutAction);

    aboutAction->trigger();
    QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
    QPointer<flickdesk::ui::AboutDialog> dialog =
        qobject_cast<flickdesk::ui::AboutDialog*>(QApplication::activeModalWidget());
    QVERIFY(dialog);
    QCOMPARE(dialog->objectName(), QStringLiteral("aboutDialog"));
    QVERIFY(dialog->isVisible());
    auto* summary = dialog->findChild<QLabel*>(QStringLiteral("aboutSummary"));
    QVERIFY(summary && summary->text().contains(QStringLiteral(FLICKDESK_VERSION)));

    auto* buttons = dialog->findChild<QDialogButtonBox*>();
    QVERIFY(buttons);
    QPushButton* close = buttons->button(QDialogButtonBox::Close);
    QVERIFY(close);
    close->click();
    QTRY_VERIFY(dialog.isNull()); // WA_DeleteOnClose
}

void TestMainWindow::screenshots()
{
    const QString dir = screenshotDir();
    if (dir.isEmpty())
        QSKIP("FLICKDESK_SCREENSHOT_DIR is not set");
    QVERIFY(QDir().mkpath(dir));
    const QString platform = QGuiApplication::platformName();

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));

    // What the widgets paint.
    QImage painted;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(painted = window.grab().toImage()), 5000);
    const QString paintedPath = QDir(dir).filePath(QStringLiteral("mainwindow-%1.png").arg(platform));
    QVERIFY2(painted.save(paintedPath), qPrintable(paintedPath));

    // What the screen shows: the window as the display server composed it.
    QScreen* screen = window.screen();
    QVERIFY(screen);
    QImage onScreen;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(onScreen = screen->grabWindow(window.winId()).toImage()), 5000);
    const QString screenPath = QDir(dir).filePath(QStringLiteral("mainwindow-%1-screen.png").arg(platform));
    QVERIFY2(onScreen.save(screenPath), qPrintable(screenPath));
    QCOMPARE(onScreen.size(), window.size() * window.devicePixelRatio());

    // The About box over the window.
    window.showAboutDialog();
    QTRY_VERIFY(QApplication::activeModalWidget() != nullptr);
    QPointer<QWidget> dialog = QApplication::activeModalWidget();
    QVERIFY(QTest::qWaitForWindowExposed(dialog));
    QImage about;
    QTRY_VERIFY_WITH_TIMEOUT(showsSomething(about = dialog->grab().toImage()), 5000);
    const QString aboutPath = QDir(dir).filePath(QStringLiteral("about-%1.png").arg(platform));
    QVERIFY2(about.save(aboutPath), qPrintable(aboutPath));
    dialog->close();
    QTRY_VERIFY(dialog.isNull());

    qInfo("screenshots: %s, %s, %s", qPrintable(paintedPath), qPrintable(screenPath), qPrintable(aboutPath));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
