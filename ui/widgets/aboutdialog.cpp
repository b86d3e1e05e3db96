#include "widgets/aboutdialog.h"

#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QFile>
#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTabWidget>
#include <QTextBrowser>
#include <QVBoxLayout>

// Q_INIT_RESOURCE must be called from the global namespace.
static void initAboutResource()
{
    Q_INIT_RESOURCE(about);
}

namespace flickdesk::ui {

namespace {

QString resourceText(const QString& path)
{
    initAboutResource();
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return QCoreApplication::translate("AboutDialog", "(%1 is missing from this build.)").arg(path);
    return QString::fromUtf8(file.readAll());
}

QPlainTextEdit* plainTextPage(const QString& text, const QString& objectName)
{
    auto* page = new QPlainTextEdit;
    page->setObjectName(objectName);
    page->setReadOnly(true);
    page->setPlainText(text);
    // Licence texts are laid out for a fixed-width font.
    page->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    page->setLineWrapMode(QPlainTextEdit::NoWrap);
    return page;
}

QTextBrowser* htmlPage(const QString& html, const QString& objectName)
{
    auto* page = new QTextBrowser;
    page->setObjectName(objectName);
    page->setOpenExternalLinks(true);
    page->setHtml(html);
    return page;
}

} // namespace

AboutDialog::AboutDialog(QWidget* parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("aboutDialog"));
    setWindowTitle(tr("About FlickDesk"));

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("aboutTabs"));

    auto* summary = new QLabel(summaryHtml());
    summary->setObjectName(QStringLiteral("aboutSummary"));
    summary->setTextFormat(Qt::RichText);
    summary->setWordWrap(true);
    summary->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    summary->setOpenExternalLinks(true);
    summary->setMargin(12);
    m_tabs->addTab(summary, tr("&About"));
    m_tabs->addTab(plainTextPage(licenceText(), QStringLiteral("aboutLicence")), tr("&Licence"));
    m_tabs->addTab(htmlPage(thirdPartyHtml(), QStringLiteral("aboutThirdParty")),
                   tr("&Third-party licences"));
    m_tabs->addTab(plainTextPage(gnuLicencesText(), QStringLiteral("aboutGnuLicences")), tr("&GNU licences"));

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_tabs);
    layout->addWidget(buttons);
    resize(640, 480);
}

QString AboutDialog::summaryHtml()
{
    return tr("<h3>FlickDesk %1</h3>"
              "<p>Ratings and points for tournament directors of rated tabletop games: FlickSkill "
              "ratings (TrueSkill Through Time) and NCA Field-Weighted Points for crokinole, ACF "
              "checkers ratings, Kings Cribbage ratings and Diplomacy Squares scoring.</p>"
              "<p>Copyright &copy; 2026 The FlickDesk developers.<br>"
              "FlickDesk is free software under the MIT licence (see <i>Licence</i>).</p>"
              "<p>Built with Qt %2, running with Qt %3. Qt is used under the LGPLv3, Qt Charts under "
              "the GPLv3; SQLite is in the public domain (see <i>Third-party licences</i>).</p>")
        .arg(QStringLiteral(FLICKDESK_VERSION), QStringLiteral(QT_VERSION_STR),
             QString::fromLatin1(qVersion()));
}

QString AboutDialog::licenceText()
{
    return resourceText(QStringLiteral(":/about/LICENSE"));
}

QString AboutDialog::thirdPartyHtml()
{
    return resourceText(QStringLiteral(":/about/third-party.html"))
        .replace(QStringLiteral("%QT_VERSION%"), QString::fromLatin1(qVersion()));
}

QString AboutDialog::gnuLicencesText()
{
    return resourceText(QStringLiteral(":/about/LGPL-3.txt")) + QStringLiteral("\n\n") +
           resourceText(QStringLiteral(":/about/GPL-3.txt"));
}

} // namespace flickdesk::ui
