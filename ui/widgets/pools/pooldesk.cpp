#include "widgets/pools/pooldesk.h"

#include "core/formats/outputfiles.h"
#include "models/pools/poolsession.h"
#include "widgets/eventday/sheetprinting.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMessageBox>
#include <QPageSize>
#include <QPdfWriter>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTextDocument>

namespace flickdesk::ui {

PoolDesk::PoolDesk(PoolSession& session, QWidget* parent)
    : QWidget(parent)
    , m_session(session)
{
    connect(&session, &PoolSession::poolChanged, this, [this] {
        if (showsCurrentPool())
            showPool();
    });
}

bool PoolDesk::showsCurrentPool() const
{
    const core::PoolContent* content = m_session.content();
    return content && shows(content->pool.kind);
}

PoolDateEdit::PoolDateEdit(QWidget* parent)
    : QDateEdit(parent)
{
    setCalendarPopup(true);
    setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    setDate(QDate::currentDate());
}

bool PoolDateEdit::event(QEvent* event)
{
    // QDateTimeEdit's own Tab walks through the date's sections ("121" typed for a score went into
    // the day); the form's Tab goes to the next field.
    if (event->type() == QEvent::KeyPress) {
        const auto* key = static_cast<QKeyEvent*>(event);
        const bool plain = !(key->modifiers() & (Qt::ControlModifier | Qt::AltModifier));
        if (plain && (key->key() == Qt::Key_Tab || key->key() == Qt::Key_Backtab)) {
            QWidget::focusNextPrevChild(key->key() == Qt::Key_Tab);
            return true;
        }
    }
    return QDateEdit::event(event);
}

QWidget* askFirst(QWidget* parent, const QString& objectName, const QString& title, const QString& text,
                  const QString& yesText, std::function<void()> yes)
{
    auto* box = new QMessageBox(QMessageBox::Question, title, text, QMessageBox::NoButton, parent);
    box->setObjectName(objectName);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setWindowModality(Qt::WindowModal);
    QPushButton* accept = box->addButton(yesText, QMessageBox::AcceptRole);
    accept->setObjectName(QStringLiteral("yesButton"));
    QPushButton* cancel = box->addButton(QMessageBox::Cancel);
    cancel->setObjectName(QStringLiteral("cancelButton"));
    box->setDefaultButton(cancel); // Enter never deletes by accident
    QObject::connect(box, &QMessageBox::buttonClicked, parent,
                     [accept, yes = std::move(yes)](QAbstractButton* b) {
                         if (b == accept && yes)
                             yes();
                     });
    box->open();
    return box;
}

QString refusalText(const core::PoolChange& change)
{
    QStringList lines{QCoreApplication::translate("flickdesk::ui::PoolDesk", "Nothing was stored:")};
    lines.append(change.messages());
    return lines.join(QLatin1Char('\n'));
}

namespace {

// Escape empties the search box.
class SearchBox : public QLineEdit {
public:
    using QLineEdit::QLineEdit;

protected:
    void keyPressEvent(QKeyEvent* event) override
    {
        if (event->key() == Qt::Key_Escape && !text().isEmpty()) {
            clear();
            event->accept();
            return;
        }
        QLineEdit::keyPressEvent(event);
    }
};

} // namespace

QLineEdit* makeSearchBox(QSortFilterProxyModel* proxy, const QString& objectName, QWidget* parent)
{
    auto* box = new SearchBox(parent);
    box->setObjectName(objectName);
    box->setClearButtonEnabled(true);
    box->setPlaceholderText(QCoreApplication::translate("flickdesk::ui::PoolDesk", "Search names and ids"));
    proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    proxy->setFilterKeyColumn(-1);
    QObject::connect(box, &QLineEdit::textChanged, proxy,
                     [proxy](const QString& text) { proxy->setFilterFixedString(text.trimmed()); });
    return box;
}

QString printTablesHtml(const std::vector<PrintTable>& tables)
{
    QString html = QStringLiteral("<html><body>");
    bool first = true;
    for (const PrintTable& printed : tables) {
        if (!first)
            html += QStringLiteral("<p style=\"page-break-before: always\"></p>");
        first = false;
        html += QStringLiteral("<h2>%1</h2>").arg(printed.title.toHtmlEscaped());
        if (!printed.subtitle.isEmpty())
            html += QStringLiteral("<p>%1</p>").arg(printed.subtitle.toHtmlEscaped());
        html += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\"><tr>");
        for (const QString& column : printed.table.columns)
            html += QStringLiteral("<th>%1</th>").arg(column.toHtmlEscaped());
        html += QStringLiteral("</tr>");
        for (const QStringList& row : printed.table.rows) {
            html += QStringLiteral("<tr>");
            for (qsizetype c = 0; c < printed.table.columns.size(); ++c) {
                const QString value = row.value(c).toHtmlEscaped();
                html += printed.numericColumns.contains(static_cast<int>(c))
                            ? QStringLiteral("<td align=\"right\">%1</td>").arg(value)
                            : QStringLiteral("<td>%1</td>").arg(value);
            }
            html += QStringLiteral("</tr>");
        }
        html += QStringLiteral("</table>");
    }
    html += QStringLiteral("<p><small>%1</small></p>")
                .arg(QCoreApplication::translate("flickdesk::ui::PoolDesk", "Printed %1 by FlickDesk.")
                         .arg(QLocale().toString(QDateTime::currentDateTime(), QLocale::ShortFormat))
                         .toHtmlEscaped());
    html += QStringLiteral("</body></html>");
    return html;
}

void printTablesOn(QPagedPaintDevice* device, const std::vector<PrintTable>& tables)
{
    QTextDocument document;
    document.setHtml(printTablesHtml(tables));
    document.print(device);
}

QString savePrintTablesPdf(const QString& path, const std::vector<PrintTable>& tables)
{
    if (const QString clash = core::outputClashWithDatabase(path); !clash.isEmpty())
        return clash;
    core::ReplacingFile pdf(path);
    if (pdf.temporaryPath().isEmpty())
        return pdf.errorString();
    {
        QPdfWriter writer(pdf.temporaryPath());
        writer.setTitle(tables.empty() ? QString() : tables.front().title);
        writer.setCreator(QStringLiteral("FlickDesk"));
        writer.setPageLayout(sheet::pageLayout()); // the paper the director chose (File > Paper Size)
        writer.setResolution(300);
        printTablesOn(&writer, tables);
    }
    if (!pdf.commit("%PDF-", "%%EOF"))
        return pdf.errorString();
    return {};
}

} // namespace flickdesk::ui
