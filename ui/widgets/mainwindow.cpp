#include "widgets/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace flickdesk::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("FlickDesk"));
    createMenus();

    // Placeholder until the events list lands: say what this window will hold.
    m_welcomeLabel = new QLabel(this);
    m_welcomeLabel->setObjectName(QStringLiteral("welcomeLabel"));
    m_welcomeLabel->setTextFormat(Qt::RichText);
    m_welcomeLabel->setAlignment(Qt::AlignCenter);
    m_welcomeLabel->setWordWrap(true);
    m_welcomeLabel->setMargin(24);
    m_welcomeLabel->setText(
        tr("<h2>Welcome to FlickDesk</h2>"
           "<p>The list of your events will be here: each tournament with its field, its results, "
           "the players' FlickSkill ratings and the Field-Weighted Points it awards.</p>"));
    setCentralWidget(m_welcomeLabel);

    statusBar()->showMessage(tr("Ready"));
    resize(960, 640);
}

void MainWindow::createMenus()
{
    m_fileMenu = menuBar()->addMenu(tr("&File"));
    m_fileMenu->setObjectName(QStringLiteral("fileMenu"));
    m_quitAction = m_fileMenu->addAction(tr("&Quit"));
    m_quitAction->setObjectName(QStringLiteral("quitAction"));
    m_quitAction->setShortcuts(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    m_quitAction->setStatusTip(tr("Close FlickDesk"));
    // Closing the last window ends the application.
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_helpMenu = menuBar()->addMenu(tr("&Help"));
    m_helpMenu->setObjectName(QStringLiteral("helpMenu"));
    m_aboutAction = m_helpMenu->addAction(tr("&About FlickDesk"));
    m_aboutAction->setObjectName(QStringLiteral("aboutAction"));
    m_aboutAction->setMenuRole(QAction::AboutRole);
    m_aboutAction->setStatusTip(tr("Version, licence and third-party licences"));
    connect(m_aboutAction, &QAction::triggered, this, &MainWindow::showAboutDialog);

    // Qt's own box states the Qt version and its LGPLv3 terms in full.
    m_aboutQtAction = m_helpMenu->addAction(tr("About &Qt"));
    m_aboutQtAction->setObjectName(QStringLiteral("aboutQtAction"));
    m_aboutQtAction->setMenuRole(QAction::AboutQtRole);
    connect(m_aboutQtAction, &QAction::triggered, qApp, &QApplication::aboutQt);
}

QMessageBox* MainWindow::createAboutDialog()
{
    auto* dialog =
        new QMessageBox(QMessageBox::NoIcon, tr("About FlickDesk"), QString(), QMessageBox::Close, this);
    dialog->setObjectName(QStringLiteral("aboutDialog"));
    dialog->setTextFormat(Qt::RichText);
    dialog->setText(tr("<h3>FlickDesk %1</h3>"
                       "<p>Ratings and points for crokinole tournament directors: FlickSkill ratings "
                       "(TrueSkill Through Time) and NCA Field-Weighted Points.</p>"
                       "<p>FlickDesk is free software under the MIT licence.</p>"
                       "<p>It uses:</p>"
                       "<ul>"
                       "<li>Qt %2, under the GNU Lesser General Public License v3 (LGPLv3)</li>"
                       "<li>SQLite, which is in the public domain</li>"
                       "</ul>")
                        .arg(QStringLiteral(FLICKDESK_VERSION), QString::fromLatin1(qVersion())));
    return dialog;
}

void MainWindow::showAboutDialog()
{
    QMessageBox* dialog = createAboutDialog();
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
}

} // namespace flickdesk::ui
