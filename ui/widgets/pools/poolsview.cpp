#include "widgets/pools/poolsview.h"

#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/formats/outputfiles.h"
#include "core/store/poolstore.h"
#include "core/store/storeerror.h"
#include "models/pools/poolsession.h"
#include "widgets/pools/pooldesk.h"
#include "widgets/pools/pooldesks.h"
#include "widgets/pools/poolnewdialog.h"
#include "widgets/savedialog.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QSaveFile>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace flickdesk::ui {
namespace {

int columnIndex(const QStringList& columns, const QString& name)
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns[i].compare(name, Qt::CaseInsensitive) == 0)
            return static_cast<int>(i);
    }
    return -1;
}

// The column names of a CSV file's header line; empty when it has none.
QStringList headerOf(const QByteArray& bytes)
{
    core::csv::CsvParser parser(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    core::csv::CsvRecord header;
    QStringList names;
    if (parser.next(header)) {
        for (const std::string& field : header.fields)
            names.append(QString::fromStdString(field));
    }
    return names;
}

} // namespace

PoolsView::PoolsView(core::Store& store, QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("poolsView"));
    m_session = new PoolSession(store, this);

    // ---- the pool: selector, new, rename, delete, import, export
    m_poolBox = new QComboBox(this);
    m_poolBox->setObjectName(QStringLiteral("poolSelector"));
    m_poolBox->setMinimumContentsLength(26); // the tab's top row fits 1280 pixels with its buttons
    m_poolBox->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    auto* poolLabel = new QLabel(tr("Poo&l:"), this);
    poolLabel->setBuddy(m_poolBox);
    m_newPool = new QPushButton(tr("&New Pool..."), this);
    m_newPool->setObjectName(QStringLiteral("newPoolButton"));
    // "o": the other letters of "Rename Pool" are the tab bar's, the menus' or this tab's. Deleting a
    // pool has no mnemonic: it is never one keystroke away.
    m_renamePool = new QPushButton(tr("Rename P&ool..."), this);
    m_renamePool->setObjectName(QStringLiteral("renamePoolButton"));
    m_deletePool = new QPushButton(tr("Delete Pool..."), this);
    m_deletePool->setObjectName(QStringLiteral("deletePoolButton"));
    m_deletePool->setToolTip(tr("Delete the pool with its players and games (you are asked first)"));
    m_systemLabel = new QLabel(this);
    m_systemLabel->setObjectName(QStringLiteral("poolSystemLabel"));
    m_systemLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred); // never widens the row
    m_import = new QPushButton(tr("&Import CSV..."), this);
    m_import->setObjectName(QStringLiteral("poolImportButton"));
    m_export = new QPushButton(tr("E&xport Table..."), this);
    m_export->setObjectName(QStringLiteral("poolExportButton"));
    m_print = new QPushButton(tr("Print..."), this);
    m_print->setObjectName(QStringLiteral("poolPrintButton"));
    m_print->setToolTip(tr("Print the table shown (the ladder, the standings, the event's report...)"));
    m_pdf = new QPushButton(tr("Save PDF..."), this);
    m_pdf->setObjectName(QStringLiteral("poolPdfButton"));
    m_pdf->setToolTip(tr("Save the tables this pool prints as one PDF file"));
    auto* top = new QHBoxLayout;
    top->addWidget(poolLabel);
    top->addWidget(m_poolBox);
    top->addWidget(m_newPool);
    top->addWidget(m_renamePool);
    top->addWidget(m_deletePool);
    top->addSpacing(12);
    top->addWidget(m_systemLabel, 1);
    top->addWidget(m_import);
    top->addWidget(m_export);
    top->addWidget(m_print);
    top->addWidget(m_pdf);

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("poolMessage"));
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // A desk per system (widgets/pools/pooldesks), and the empty state.
    m_stack = new QStackedWidget(this);
    m_stack->setObjectName(QStringLiteral("poolDesks"));
    m_emptyPage = new QLabel(m_stack);
    m_emptyPage->setObjectName(QStringLiteral("poolsEmpty"));
    m_emptyPage->setAlignment(Qt::AlignCenter);
    m_emptyPage->setWordWrap(true);
    m_stack->addWidget(m_emptyPage);
    m_desks = createPoolDesks(*m_session, m_stack);
    for (PoolDesk* desk : m_desks) {
        m_stack->addWidget(desk);
        connect(desk, &PoolDesk::message, this, &PoolsView::message);
    }

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(m_stack, 1);
    layout->addWidget(m_message);

    connect(m_session, &PoolSession::poolChanged, this, &PoolsView::poolChanged);
    connect(m_session, &PoolSession::poolsChanged, this, [this] {
        fillSelector(currentPool());
        if (m_poolBox->currentIndex() < 0)
            showPools(0); // the pool shown was deleted elsewhere: the first one, or none
    });
    connect(m_session, &PoolSession::poolSelectedByUndo, this, [this](qint64 poolId) { selectPool(poolId); });
    connect(m_session, &PoolSession::commandFailed, this, [this](const QString& step, const QString& text) {
        showError({tr("%1 could not be done:").arg(step), text});
    });
    connect(m_poolBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        const qint64 wanted = index >= 0 ? m_poolBox->itemData(index).toLongLong() : 0;
        const qint64 shown = currentPool();
        PoolDesk* desk = currentDesk();
        if (!desk || wanted == shown) {
            showPool(wanted);
            return;
        }
        // The desk may hold an entry not stored yet: the selector stays until it lets the pool go.
        {
            const QSignalBlocker block(m_poolBox);
            m_poolBox->setCurrentIndex(m_poolBox->findData(shown));
        }
        desk->askToLeave([this, wanted] {
            {
                const QSignalBlocker block(m_poolBox);
                m_poolBox->setCurrentIndex(m_poolBox->findData(wanted));
            }
            showPool(wanted);
        });
    });
    connect(m_newPool, &QPushButton::clicked, this, &PoolsView::newPool);
    connect(m_renamePool, &QPushButton::clicked, this, &PoolsView::renamePoolWithDialog);
    connect(m_deletePool, &QPushButton::clicked, this, &PoolsView::deletePoolWithConfirmation);
    connect(m_import, &QPushButton::clicked, this, &PoolsView::importWithDialog);
    connect(m_export, &QPushButton::clicked, this, &PoolsView::exportWithDialog);
    connect(m_print, &QPushButton::clicked, this, &PoolsView::printWithDialog);
    connect(m_pdf, &QPushButton::clicked, this, &PoolsView::savePdfWithDialog);

    reloadPools();
}

PoolsView::~PoolsView() = default;

void PoolsView::reloadPools()
{
    showPools(currentPool());
}

void PoolsView::showPools(qint64 preferred)
{
    fillSelector(preferred);
    if (m_poolBox->currentIndex() < 0 && m_poolBox->count() > 0) {
        const QSignalBlocker block(m_poolBox);
        m_poolBox->setCurrentIndex(0);
    }
    showPool(m_poolBox->currentIndex() >= 0 ? m_poolBox->currentData().toLongLong() : 0);
}

void PoolsView::fillSelector(qint64 keep)
{
    const std::vector<core::PoolSummary>& pools = m_session->pools();
    const QSignalBlocker block(m_poolBox);
    m_poolBox->clear();
    for (const core::PoolSummary& pool : pools)
        m_poolBox->addItem(tr("%1 (%2)").arg(pool.name, poolKindTitle(pool.kind)), pool.id);
    m_poolBox->setCurrentIndex(m_poolBox->findData(keep));
}

bool PoolsView::selectPool(qint64 poolId)
{
    const int index = m_poolBox->findData(poolId);
    if (index < 0)
        return false;
    if (m_poolBox->currentIndex() != index)
        m_poolBox->setCurrentIndex(index); // the desk shown may ask first (askToLeave)
    else if (currentPool() != poolId)
        showPool(poolId);
    return currentPool() == poolId;
}

qint64 PoolsView::currentPool() const
{
    return m_session->content() ? m_session->content()->pool.id : 0;
}

const core::PoolContent* PoolsView::content() const
{
    return m_session->content();
}

const core::SystemResult& PoolsView::result() const
{
    return m_session->result();
}

void PoolsView::showPool(qint64 poolId)
{
    m_message->clear();
    if (poolId != m_session->poolId() || (poolId != 0 && !m_session->content())) {
        if (!m_session->setPool(poolId))
            showError({tr("There is no rating pool %1.").arg(poolId)});
    } else {
        poolChanged();
    }
    if (m_session->isReadOnly())
        showInfo(m_session->readOnlyReason());
}

void PoolsView::poolChanged()
{
    const core::PoolContent* content = m_session->content();
    QWidget* page = m_emptyPage;
    if (content) {
        for (PoolDesk* desk : m_desks) {
            if (desk->shows(content->pool.kind)) {
                page = desk;
                break;
            }
        }
        m_systemLabel->setText(poolKindTitle(content->pool.kind));
        if (!m_session->result().defects.empty()) {
            // Rows stored before a system changed its rules: say what is wrong rather than show nothing.
            QStringList lines{tr("The pool's rows cannot be rated as they are:")};
            for (const engine::Defect& defect : m_session->result().defects)
                lines.append(QString::fromStdString(engine::describe(defect)));
            showError(lines);
        }
    } else {
        m_systemLabel->clear();
        m_emptyPage->setText(m_session->isReadOnly()
                                 ? m_session->readOnlyReason()
                                 : tr("No rating pool yet: create one with New Pool... for ACF checkers, a "
                                      "Kings Cribbage club or a Diplomacy Squares tournament."));
    }
    m_stack->setCurrentWidget(page);
    updateButtons();
}

PoolDesk* PoolsView::currentDesk() const
{
    return qobject_cast<PoolDesk*>(m_stack->currentWidget());
}

void PoolsView::updateButtons()
{
    const bool writable = !m_session->isReadOnly();
    const bool pool = m_session->content() != nullptr;
    m_newPool->setEnabled(writable);
    m_renamePool->setEnabled(writable && pool);
    m_deletePool->setEnabled(writable && pool);
    m_import->setEnabled(writable && pool);
    m_export->setEnabled(pool);
    m_print->setEnabled(pool);
    m_pdf->setEnabled(pool);
}

void PoolsView::showError(const QStringList& lines)
{
    m_message->setStyleSheet(QStringLiteral("color: #b3261e;"));
    m_message->setText(lines.join(u'\n'));
    if (!lines.isEmpty())
        Q_EMIT message(lines.mid(0, 2).join(u' '));
}

void PoolsView::showInfo(const QString& text)
{
    m_message->setStyleSheet(QString());
    m_message->setText(text);
    Q_EMIT message(text);
}

void PoolsView::newPool()
{
    if (m_session->isReadOnly())
        return;
    auto* dialog = new NewPoolDialog(m_session->store(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &NewPoolDialog::poolCreated, this, [this](qint64 poolId) {
        reloadPools();
        selectPool(poolId);
        showInfo(tr("Rating pool created: add its players, then its games."));
    });
    dialog->open();
}

void PoolsView::renamePoolWithDialog()
{
    if (m_session->isReadOnly() || !m_session->content())
        return;
    const qint64 poolId = m_session->content()->pool.id;
    auto* dialog = new QInputDialog(this);
    dialog->setObjectName(QStringLiteral("renamePoolDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Rename Rating Pool"));
    dialog->setLabelText(tr("New name of the rating pool %1:").arg(m_session->content()->pool.name));
    dialog->setTextValue(m_session->content()->pool.name);
    dialog->setOkButtonText(tr("Rename"));
    if (auto* edit = dialog->findChild<QLineEdit*>())
        edit->selectAll(); // typing replaces the name
    // A refused name is told below the forms, as every refusal of the tab.
    connect(dialog, &QInputDialog::textValueSelected, this,
            [this, poolId](const QString& name) { renamePool(poolId, name); });
    dialog->open();
}

bool PoolsView::renamePool(qint64 poolId, const QString& name)
{
    if (m_session->content() && m_session->content()->pool.id == poolId &&
        name.simplified() == m_session->content()->pool.name)
        return true; // its own name: nothing to store or to tell
    try {
        m_session->store().renamePool(poolId, name);
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return false;
    }
    // Only the selector changes (the pools are listed by name): what is typed in the forms stays.
    fillSelector(currentPool());
    QString stored = name.simplified();
    try {
        if (const std::optional<core::PoolSummary> pool = m_session->store().pool(poolId)) {
            stored = pool->name;
        }
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return true;
    }
    showInfo(tr("Rating pool renamed to %1.").arg(stored));
    return true;
}

void PoolsView::deletePoolWithConfirmation()
{
    if (m_session->isReadOnly() || !m_session->content())
        return;
    const core::PoolSummary& pool = m_session->content()->pool;
    const qint64 poolId = pool.id;
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Delete Rating Pool"),
                                tr("Delete the rating pool %1 (%2) with its %3 and %4?")
                                    .arg(pool.name, poolKindTitle(pool.kind),
                                         tr("%n player(s)", nullptr, pool.players),
                                         tr("%n game(s)", nullptr, pool.games)),
                                QMessageBox::NoButton, this);
    box->setObjectName(QStringLiteral("deletePoolConfirmation"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setInformativeText(
        tr("The pool's players and games are removed from the database. This cannot be undone."));
    QPushButton* confirm = box->addButton(tr("Delete Pool"), QMessageBox::DestructiveRole);
    confirm->setObjectName(QStringLiteral("confirmDeletePoolButton"));
    QPushButton* cancel = box->addButton(QMessageBox::Cancel);
    box->setDefaultButton(cancel);
    box->setEscapeButton(cancel);
    connect(box, &QMessageBox::buttonClicked, this, [this, poolId, confirm](QAbstractButton* button) {
        if (button == confirm)
            deletePool(poolId);
    });
    box->open();
}

bool PoolsView::deletePool(qint64 poolId)
{
    // The pool shown next: the one that takes the deleted pool's place in the list, else the one
    // before it.
    qint64 next = currentPool();
    if (next == poolId) {
        const int index = m_poolBox->findData(poolId);
        const int neighbour = index + 1 < m_poolBox->count() ? index + 1 : index - 1;
        next = index >= 0 && neighbour >= 0 ? m_poolBox->itemData(neighbour).toLongLong() : 0;
    }
    QString name;
    try {
        const std::optional<core::PoolSummary> pool = m_session->store().pool(poolId);
        name = pool ? pool->name : QString::number(poolId);
        m_session->store().deletePool(poolId);
    } catch (const core::StoreError& error) {
        showError({error.message()});
        return false;
    }
    if (next != currentPool())
        showPools(next);
    else
        fillSelector(next); // another pool was deleted: the one shown stays as it is
    const QString done = tr("Rating pool %1 deleted.").arg(name);
    // With no pool left, the empty state's hint stays below the message.
    showInfo(m_session->content() ? done : done + u'\n' + m_message->text());
    return true;
}

QString PoolsView::importFiles(const QStringList& paths)
{
    if (!m_session->content())
        return tr("Select a pool first.");
    QByteArray players;
    QByteArray games;
    QString playersName;
    QString gamesName;
    QString error;
    for (const QString& path : paths) {
        core::BoundedFile file = core::readBoundedFile(path, core::file_limits::csvFile);
        if (!file.ok()) {
            error = tr("%1: %2").arg(QDir::toNativeSeparators(path), file.problem);
            break;
        }
        const QByteArray bytes = std::move(file.bytes);
        const QString name = QFileInfo(path).fileName();
        const QStringList header = headerOf(bytes);
        if (header.isEmpty()) {
            error = tr("%1 is empty: a players or games file begins with its header line.").arg(name);
            break;
        }
        // A games file has a column that only games have (date, player1, event, power...); any
        // other is a players file, the table this tab exports included (its computed columns are
        // not starting values, and the import says so or leaves them).
        bool gameOnlyColumn = false;
        for (const QString& column : header)
            gameOnlyColumn = gameOnlyColumn || (columnIndex(m_session->content()->gameColumns, column) >= 0 &&
                                                columnIndex(m_session->content()->playerColumns, column) < 0);
        QByteArray& target = gameOnlyColumn ? games : players;
        QString& targetName = gameOnlyColumn ? gamesName : playersName;
        if (!target.isEmpty()) {
            error = tr("%1 and %2 are both %3 files: choose one players file and one games file.")
                        .arg(targetName, name, &target == &players ? tr("players") : tr("games"));
            break;
        }
        target = bytes;
        targetName = name;
    }
    if (error.isEmpty() && players.isEmpty() && games.isEmpty())
        error = tr("Choose a players file, a games file, or both.");
    if (!error.isEmpty()) {
        showError({error});
        return error;
    }
    core::PoolChange change;
    try {
        change = m_session->importFiles(players, playersName, games, gamesName);
    } catch (const core::StoreError& failure) {
        showError({failure.message()});
        return failure.message();
    }
    if (!change.ok()) {
        const QStringList lines = QStringList{tr("Nothing was imported:")} + change.messages();
        showError(lines);
        return lines.join(u'\n');
    }
    showInfo(tr("Imported %1 player(s) and %2 game(s).").arg(change.playersAdded).arg(change.gamesAdded));
    return {};
}

QString PoolsView::exportTableTo(const QString& path)
{
    if (!m_session->content())
        return tr("Select a pool first.");
    if (const QString clash = core::outputClashWithDatabase(path); !clash.isEmpty()) {
        showError({clash});
        return clash;
    }
    QSaveFile file(path);
    const QByteArray csv = core::tableToCsv(m_session->result().table);
    if (!file.open(QIODevice::WriteOnly) || file.write(csv) != csv.size() || !core::flushToDisk(file) ||
        !file.commit()) {
        const QString error =
            tr("%1 cannot be written: %2").arg(QDir::toNativeSeparators(path), file.errorString());
        showError({error});
        return error;
    }
    showInfo(tr("The table was written to %1.").arg(QDir::toNativeSeparators(path)));
    return {};
}

void PoolsView::importWithDialog()
{
    auto* dialog = new QFileDialog(this, tr("Import Players and Games"), QString(),
                                   tr("CSV files (*.csv);;All files (*)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setFileMode(QFileDialog::ExistingFiles);
    connect(dialog, &QFileDialog::filesSelected, this,
            [this](const QStringList& paths) { importFiles(paths); });
    dialog->open();
}

void PoolsView::exportWithDialog()
{
    if (!m_session->content())
        return;
    auto* dialog =
        new QFileDialog(this, tr("Export Table"), m_session->content()->pool.name + QStringLiteral(".csv"),
                        tr("CSV files (*.csv)"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("csv"));
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) { exportTableTo(path); });
    dialog->open();
}

std::vector<PrintTable> PoolsView::printTables() const
{
    PoolDesk* desk = currentDesk();
    return desk ? desk->printTables() : std::vector<PrintTable>();
}

QString PoolsView::savePdfTo(const QString& path)
{
    const std::vector<PrintTable> tables = printTables();
    if (tables.empty())
        return tr("Select a pool first.");
    const QString error = savePrintTablesPdf(path, tables);
    if (error.isEmpty())
        showInfo(tr("Saved %1").arg(QDir::toNativeSeparators(path)));
    else
        showError({error});
    return error;
}

void PoolsView::printWithDialog()
{
    const std::vector<PrintTable> tables = printTables();
    if (tables.empty())
        return;
    auto* printer = new QPrinter(QPrinter::HighResolution);
    auto* dialog = new QPrintDialog(printer, this);
    dialog->setObjectName(QStringLiteral("poolPrintDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Print %1").arg(tables.front().title));
    connect(dialog, &QDialog::finished, this, [printer, tables, dialog](int result) {
        if (result == QDialog::Accepted)
            printTablesOn(printer, tables);
        dialog->setProperty("printed", result == QDialog::Accepted);
        delete printer;
    });
    dialog->open();
}

void PoolsView::savePdfWithDialog()
{
    if (!m_session->content())
        return;
    const QString path = saveFileName(
        this, tr("Save as PDF"),
        proposedFileName({m_session->content()->pool.name, QDate::currentDate().toString(Qt::ISODate)},
                         QStringLiteral("pdf")),
        tr("PDF files (*.pdf)"));
    if (!path.isEmpty())
        savePdfTo(path);
}

} // namespace flickdesk::ui
