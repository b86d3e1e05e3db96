#include "widgets/eventday/entrantspanel.h"

#include "core/formats/boundedfile.h"
#include "core/formats/csvtable.h"
#include "core/records/month.h"
#include "core/store/playerstore.h"
#include "models/eventday/entrantlistmodel.h"
#include "models/eventday/eventsession.h"
#include "models/eventday/payoutpreviewmodel.h"
#include "models/eventday/playersearchmodel.h"
#include "widgets/eventday/payoutpreviewwidget.h"
#include "widgets/playerdialog.h"
#include "widgets/savedialog.h"

#include <QAction>
#include <QApplication>
#include <QBrush>
#include <QColor>
#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFont>
#include <QFontMetrics>
#include <QFrame>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMainWindow>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QScreen>
#include <QScrollBar>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <set>
#include <utility>

namespace flickdesk::ui {

int editDistance(const QString& a, const QString& b)
{
    std::vector<int> previous(size_t(b.size()) + 1);
    std::vector<int> current(size_t(b.size()) + 1);
    for (int j = 0; j <= b.size(); ++j)
        previous[size_t(j)] = j;
    for (int i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (int j = 1; j <= b.size(); ++j) {
            const int substitution = previous[size_t(j - 1)] + (a.at(i - 1) == b.at(j - 1) ? 0 : 1);
            current[size_t(j)] =
                std::min({previous[size_t(j)] + 1, current[size_t(j - 1)] + 1, substitution});
        }
        std::swap(previous, current);
    }
    return previous[size_t(b.size())];
}

std::vector<core::PlayerMatch> nearMatches(core::PlayerStore& store, const QString& name)
{
    const QString wanted = name.trimmed().toCaseFolded();
    if (wanted.isEmpty())
        return {};
    // searchPlayers finds names containing the text; a typo needs a shorter probe: each word's
    // first three letters, whose results the edit distance then sorts out.
    QStringList probes{wanted};
    for (const QString& word : wanted.split(u' ', Qt::SkipEmptyParts))
        probes.append(word.left(3));
    std::vector<core::PlayerMatch> found;
    std::set<QString> seen;
    std::vector<std::pair<int, core::PlayerMatch>> ranked;
    for (const QString& probe : probes) {
        for (core::PlayerMatch& match : store.searchPlayers(probe, 200)) {
            if (!seen.insert(match.id).second)
                continue;
            const QString candidate = match.name.toCaseFolded();
            int rank = -1;
            if (candidate == wanted || match.id.toCaseFolded() == wanted)
                rank = 0;
            else if (candidate.startsWith(wanted))
                rank = 1;
            else if (!candidate.isEmpty() && candidate.contains(wanted))
                rank = 2;
            else if (!candidate.isEmpty() && editDistance(candidate, wanted) <= 2)
                rank = 3;
            if (rank >= 0)
                ranked.emplace_back(rank, std::move(match));
        }
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (auto& entry : ranked)
        found.push_back(std::move(entry.second));
    return found;
}

// ---- NameListDialog

NameListDialog::NameListDialog(core::PlayerStore& store, QWidget* parent)
    : QDialog(parent)
    , m_store(store)
{
    setObjectName(QStringLiteral("nameListDialog"));
    setWindowTitle(tr("Add a list of names"));
    m_text = new QPlainTextEdit(this);
    m_text->setObjectName(QStringLiteral("nameListText"));
    m_text->setPlaceholderText(tr("One name per line"));
    auto* fromFile = new QPushButton(tr("From fi&le..."), this);
    auto* find = new QPushButton(tr("&Find players"), this);
    find->setObjectName(QStringLiteral("findPlayersButton"));
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("nameListTable"));
    m_table->setHorizontalHeaderLabels({tr("Line"), tr("Found"), tr("Player")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->verticalHeader()->hide();
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    m_confirm = buttons->addButton(tr("&Add these entrants"), QDialogButtonBox::AcceptRole);
    m_confirm->setObjectName(QStringLiteral("confirmNamesButton"));
    m_confirm->setEnabled(false);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(find, &QPushButton::clicked, this, &NameListDialog::findPlayers);
    connect(fromFile, &QPushButton::clicked, this, &NameListDialog::loadFile);

    auto* row = new QHBoxLayout;
    row->addWidget(fromFile);
    row->addStretch();
    row->addWidget(find);
    auto* layout = new QVBoxLayout(this);
    m_problem = new QLabel(this);
    m_problem->setObjectName(QStringLiteral("nameListProblem"));
    m_problem->setWordWrap(true);
    m_problem->hide();

    layout->addWidget(m_text, 1);
    layout->addLayout(row);
    layout->addWidget(m_problem);
    layout->addWidget(m_table, 2);
    layout->addWidget(buttons);
    resize(640, 520);
}

void NameListDialog::setText(const QString& text)
{
    m_text->setPlainText(text);
}

void NameListDialog::loadFile()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("A list of names"), QString(),
                                                      tr("Text files (*.txt *.csv);;All files (*)"));
    if (!path.isEmpty())
        loadNames(path);
}

QString NameListDialog::loadNames(const QString& path)
{
    const core::BoundedFile file = core::readBoundedFile(path, core::file_limits::csvFile);
    if (!file.ok()) {
        showProblem(tr("%1: %2").arg(QDir::toNativeSeparators(path), file.problem));
        return problem();
    }
    // A name is a CSV field's text: UTF-8, no control character, no byte order mark but the first.
    std::string_view text(file.bytes.constData(), static_cast<std::size_t>(file.bytes.size()));
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    int lineNumber = 0;
    for (std::size_t begin = 0; begin < text.size();) {
        const std::size_t end = std::min(text.find('\n', begin), text.size());
        std::string_view line = text.substr(begin, end - begin);
        begin = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        if (const std::string lineProblem = core::csv::fieldTextProblem(line); !lineProblem.empty()) {
            showProblem(tr("%1 line %2: %3")
                            .arg(QDir::toNativeSeparators(path))
                            .arg(lineNumber)
                            .arg(QString::fromStdString(lineProblem)));
            return problem();
        }
    }
    m_text->setPlainText(QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size())));
    findPlayers();
    return problem();
}

QString NameListDialog::problem() const
{
    return m_problem->isHidden() ? QString() : m_problem->text();
}

void NameListDialog::showProblem(const QString& problem)
{
    m_problem->setText(problem);
    m_problem->setVisible(!problem.isEmpty());
}

void NameListDialog::findPlayers()
{
    m_lines.clear();
    showProblem({});
    const QStringList lines = m_text->toPlainText().split(u'\n');
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty())
            continue;
        if (const std::string lineProblem = core::csv::fieldTextProblem(line.toStdString());
            !lineProblem.empty()) {
            showProblem(tr("Line %1: %2").arg(i + 1).arg(QString::fromStdString(lineProblem)));
            m_lines.clear();
            break;
        }
        if (m_lines.size() == mostNames) {
            showProblem(tr("The list has more than %1 names: add it in parts.").arg(mostNames));
            m_lines.clear();
            break;
        }
        m_lines.append(line);
    }
    m_table->setRowCount(int(m_lines.size()));
    m_proposals.assign(size_t(m_lines.size()), Proposal::NewPlayer);
    for (int row = 0; row < m_lines.size(); ++row) {
        const QString& line = m_lines.at(row);
        auto* item = new QTableWidgetItem(line);
        item->setFlags(item->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(row, LineColumn, item);
        auto* box = new QComboBox(m_table);
        // The wheel scrolls the list, never a choice (issue 25): a closed box takes no wheel, nor
        // the focus from one.
        box->setFocusPolicy(Qt::StrongFocus);
        box->installEventFilter(this);
        const std::vector<core::PlayerMatch> matches = nearMatches(m_store, line);
        for (const core::PlayerMatch& match : matches) {
            const QString last = match.lastEventName.isEmpty()
                                     ? QString()
                                     : tr(", last: %1 %2").arg(match.lastEventDate, match.lastEventName);
            // A player without a location shows none (not "id L3, ").
            const QString where = match.location.isEmpty() ? QString() : tr(", %1").arg(match.location);
            box->addItem(tr("%1 (id %2%3%4)").arg(match.name, match.id, where, last), match.id);
        }
        box->addItem(tr("New player \"%1\"").arg(line), QStringLiteral("+new"));
        box->addItem(tr("Skip this line"), QString());
        // An exact name (rank 0) or the nearest suggestion; a new player when nothing is near.
        box->setCurrentIndex(0);
        if (!matches.empty()) {
            const QString wanted = line.toCaseFolded();
            const core::PlayerMatch& first = matches.front();
            const bool exact = first.name.toCaseFolded() == wanted || first.id.toCaseFolded() == wanted;
            m_proposals[size_t(row)] = exact ? Proposal::Exact : Proposal::Guess;
        }
        auto* found = new QTableWidgetItem;
        found->setFlags(found->flags() & ~Qt::ItemIsEditable);
        m_table->setItem(row, FoundColumn, found);
        m_table->setCellWidget(row, PlayerColumn, box);
        markProposal(row);
        connect(box, &QComboBox::currentIndexChanged, this, [this, row] { markProposal(row); });
    }
    m_table->resizeColumnToContents(LineColumn);
    m_table->resizeColumnToContents(FoundColumn);
    fitTableToRows();
    m_confirm->setEnabled(!m_lines.isEmpty());
}

NameListDialog::Proposal NameListDialog::proposal(int row) const
{
    return row >= 0 && size_t(row) < m_proposals.size() ? m_proposals[size_t(row)] : Proposal::NewPlayer;
}

void NameListDialog::markProposal(int row)
{
    QTableWidgetItem* found = m_table->item(row, FoundColumn);
    auto* box = qobject_cast<QComboBox*>(m_table->cellWidget(row, PlayerColumn));
    QTableWidgetItem* line = m_table->item(row, LineColumn);
    if (!found || !box || !line)
        return;
    // A guess (a misspelt or partial name matched to the nearest player) must not pass for an exact
    // match: it is marked, coloured, and says which player it guessed, until the director chooses.
    const bool proposed = box->currentIndex() == 0;
    const Proposal kind = proposal(row);
    QString text;
    QString tip;
    bool guess = false;
    if (!proposed) {
        text = tr("chosen");
        tip = tr("Your choice.");
    } else if (kind == Proposal::Exact) {
        text = tr("exact");
        tip = tr("A player of exactly this name (or id).");
    } else if (kind == Proposal::Guess) {
        guess = true;
        text = tr("guess");
        tip = tr("No player has exactly this name. Closest name: %1. Check that it is the same player, "
                 "or choose another, a new player or Skip.")
                  .arg(box->currentText());
    } else {
        text = tr("new");
        tip = tr("No player has a name near this one: a new player is proposed.");
    }
    found->setText(text);
    for (QTableWidgetItem* item : {found, line}) {
        item->setToolTip(tip);
        item->setData(Qt::BackgroundRole, guess ? QVariant(QBrush(QColor(0xff, 0xf4, 0xce))) : QVariant());
        item->setData(Qt::ForegroundRole, guess ? QVariant(QBrush(QColor(0x5c, 0x3b, 0x00))) : QVariant());
    }
    QFont font = found->font();
    font.setBold(guess);
    found->setFont(font);
    box->setToolTip(tip);
}

void NameListDialog::fitTableToRows()
{
    // Every row shows (the list once showed 9 of its 10): the table is as tall as its rows, up to
    // what the screen leaves; the dialog grows to hold it.
    int rows = 0;
    for (int row = 0; row < m_table->rowCount(); ++row)
        rows += m_table->rowHeight(row);
    const int needed =
        rows + m_table->horizontalHeader()->sizeHint().height() + 2 * m_table->frameWidth() +
        (m_table->horizontalScrollBar()->isVisible() ? m_table->horizontalScrollBar()->height() : 0);
    const QScreen* shownOn = screen() ? screen() : QGuiApplication::primaryScreen();
    const int screenHeight = shownOn ? shownOn->availableGeometry().height() : 800;
    // The rest of the dialog at its smallest, and a window frame's title bar.
    const int others = layout()->minimumSize().height() - m_table->minimumSizeHint().height() + 40;
    const int most = std::max(4 * m_table->verticalHeader()->defaultSectionSize(), screenHeight - others);
    m_table->setMinimumHeight(std::min(needed, most));
    const int height = std::min(layout()->minimumSize().height(), screenHeight - 40);
    if (this->height() < height)
        resize(width(), height);
}

bool NameListDialog::eventFilter(QObject* watched, QEvent* event)
{
    // The wheel over a closed choice scrolls the list (the open list of a choice is its own widget
    // and scrolls as usual): a choice changes only when the director opens it.
    if (event->type() == QEvent::Wheel && qobject_cast<QComboBox*>(watched)) {
        QCoreApplication::sendEvent(m_table->viewport(), event);
        return true;
    }
    return QDialog::eventFilter(watched, event);
}

std::vector<NameListDialog::Choice> NameListDialog::choices() const
{
    std::vector<Choice> result;
    for (int row = 0; row < m_table->rowCount(); ++row) {
        auto* box = qobject_cast<QComboBox*>(m_table->cellWidget(row, PlayerColumn));
        if (!box)
            continue;
        const QString data = box->currentData().toString();
        Choice choice;
        choice.line = m_lines.value(row);
        if (data == QLatin1String("+new"))
            choice.createNew = true;
        else
            choice.playerId = data;
        if (choice.createNew || !choice.playerId.isEmpty())
            result.push_back(choice);
    }
    return result;
}

// ---- EntrantsPanel

EntrantsPanel::EntrantsPanel(QWidget* parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("entrantsPanel"));

    m_search = new QLineEdit(this);
    m_search->setObjectName(QStringLiteral("playerSearch"));
    m_search->setPlaceholderText(
        tr("Add a player: type an id or a name, Enter adds the highlighted one (or a new player)"));
    m_search->setClearButtonEnabled(true);
    m_search->installEventFilter(this);
    m_results = new QTableView(this);
    m_results->setObjectName(QStringLiteral("searchResults"));
    m_results->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_results->setSelectionMode(QAbstractItemView::SingleSelection);
    m_results->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_results->verticalHeader()->hide();
    m_results->setWordWrap(false);
    m_results->setTextElideMode(Qt::ElideRight);
    // Its header takes two lines ("Rating / locked Nov 2026"): room for as many rows as before.
    m_results->setFixedHeight(130 + fontMetrics().lineSpacing());
    m_results->setFocusPolicy(Qt::NoFocus);
    connect(m_results, &QTableView::doubleClicked, this, [this] { addHighlightedPlayer(); });

    m_newName = new QLineEdit(this);
    m_newName->setObjectName(QStringLiteral("newPlayerName"));
    m_newName->setPlaceholderText(tr("New player: name"));
    m_newLocation = new QLineEdit(this);
    m_newLocation->setObjectName(QStringLiteral("newPlayerLocation"));
    m_newLocation->setPlaceholderText(tr("Location"));
    m_addNew = new QPushButton(tr("Add new pla&yer"), this);
    m_addNew->setObjectName(QStringLiteral("addNewPlayerButton"));
    m_addNew->setAutoDefault(true); // Enter on the button adds, as Enter in the name or location does
    connect(m_addNew, &QPushButton::clicked, this, [this] {
        if (addNewPlayer(m_newName->text(), m_newLocation->text())) {
            m_newName->clear();
            m_newLocation->clear();
            // Ready for the next player: the search box, empty.
            m_search->clear();
            m_search->setFocus(Qt::OtherFocusReason);
        }
    });
    connect(m_newName, &QLineEdit::returnPressed, m_addNew, &QPushButton::click);
    connect(m_newLocation, &QLineEdit::returnPressed, m_addNew, &QPushButton::click);
    m_nameList = new QPushButton(tr("Paste a &list..."), this);
    m_nameList->setObjectName(QStringLiteral("nameListButton"));
    connect(m_nameList, &QPushButton::clicked, this, &EntrantsPanel::openNameList);

    m_entrants = new QTableView(this);
    m_entrants->setObjectName(QStringLiteral("entrantsView"));
    m_entrants->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_entrants->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_entrants->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_entrants->verticalHeader()->hide();
    m_entrants->setWordWrap(false);
    m_entrants->setTextElideMode(Qt::ElideRight);
    m_entrants->installEventFilter(this);
    // Rows are selected whole: Tab leaves the list for the buttons under it (Up/Down move in it).
    m_entrants->setTabKeyNavigation(false);
    m_singleRowHeight = m_entrants->verticalHeader()->defaultSectionSize();
    // Issue 25: the keyboard reaches the list (Alt+C), and Tab from the check-in box goes to it.
    auto* entrantsLabel = new QLabel(tr("&Check-in list (Space checks in or out):"), this);
    entrantsLabel->setObjectName(QStringLiteral("entrantsLabel"));
    entrantsLabel->setBuddy(m_entrants);

    m_checkInBox = new QLineEdit(this);
    m_checkInBox->setObjectName(QStringLiteral("checkInBox"));
    m_checkInBox->setPlaceholderText(tr("Type or scan a player id, Enter checks the entrant in"));
    m_checkInBox->setClearButtonEnabled(true);
    connect(m_checkInBox, &QLineEdit::returnPressed, this, [this] { checkInPlayerId(m_checkInBox->text()); });
    auto* checkInLabel = new QLabel(tr("Check &in:"), this);
    checkInLabel->setBuddy(m_checkInBox);
    m_checkInAll = new QPushButton(tr("Check in all re&gistered"), this);
    m_checkInAll->setObjectName(QStringLiteral("checkInAllButton"));
    m_checkInAll->setToolTip(tr("Every registered entrant starts; one undo puts them all back. In "
                                "doubles a player without a partner stays registered (DECISIONS P3, P5)."));
    connect(m_checkInAll, &QPushButton::clicked, this, [this] { checkInAllRegistered(); });

    m_warningBox = new QFrame(this);
    m_warningBox->setObjectName(QStringLiteral("entrantsWarningBox"));
    m_warningBox->setFrameShape(QFrame::StyledPanel);
    m_warningBox->setStyleSheet(QStringLiteral(
        "#entrantsWarningBox { background: #fff4ce; border: 1px solid #d9a400; border-radius: 3px; }"));
    auto* warningIcon = new QLabel(m_warningBox);
    const int iconSize = style()->pixelMetric(QStyle::PM_SmallIconSize);
    warningIcon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(iconSize, iconSize));
    m_warning = new QLabel(m_warningBox);
    m_warning->setObjectName(QStringLiteral("entrantsWarning"));
    m_warning->setWordWrap(true);
    // Two lines, whatever the layout makes of a wrapped label's height: no message is cut in half.
    m_warning->setMinimumHeight(2 * m_warning->fontMetrics().lineSpacing());
    m_warning->setStyleSheet(QStringLiteral("color: #5c3b00;"));
    auto* warningLayout = new QHBoxLayout(m_warningBox);
    warningLayout->setContentsMargins(6, 3, 6, 3);
    warningLayout->addWidget(warningIcon, 0, Qt::AlignTop);
    warningLayout->addWidget(m_warning, 1);
    m_warningBox->hide();

    m_withdraw = new QPushButton(tr("&Withdraw"), this);
    m_withdraw->setObjectName(QStringLiteral("withdrawButton"));
    // Enabled for an entrant who started (updateWithdraw); its tooltip says why not otherwise.
    connect(m_withdraw, &QPushButton::clicked, this, &EntrantsPanel::withdrawFromButton);
    m_remove = new QPushButton(tr("Rem&ove"), this);
    m_remove->setObjectName(QStringLiteral("removeButton"));
    connect(m_remove, &QPushButton::clicked, this, [this] { removeCurrent(); });
    // Issue 14: a misspelt name, the association's new id, a player entered twice.
    m_editPlayer = new QPushButton(tr("Edit player..."), this);
    m_editPlayer->setObjectName(QStringLiteral("editPlayerButton"));
    m_editPlayer->setToolTip(tr("The name, location or id of the current entrant's player, or merge a "
                                "player entered twice (F2)."));
    connect(m_editPlayer, &QPushButton::clicked, this, [this] { editCurrentPlayer(); });
    auto* editPlayerAction = new QAction(tr("Edit player..."), m_entrants);
    editPlayerAction->setObjectName(QStringLiteral("editPlayerAction"));
    editPlayerAction->setShortcut(QKeySequence(Qt::Key_F2));
    editPlayerAction->setShortcutContext(Qt::WidgetShortcut);
    connect(editPlayerAction, &QAction::triggered, this, [this] { editCurrentPlayer(); });
    m_entrants->addAction(editPlayerAction);
    m_entrants->setContextMenuPolicy(Qt::ActionsContextMenu);
    m_pair = new QPushButton(tr("P&air partners"), this);
    m_pair->setObjectName(QStringLiteral("pairButton"));
    m_pair->setToolTip(tr("Doubles: select two single players to make them one team."));
    connect(m_pair, &QPushButton::clicked, this, [this] { pairSelected(); });
    m_counts = new QLabel(this);
    m_counts->setObjectName(QStringLiteral("entrantCounts"));
    m_counts->setToolTip(tr("Field (N): the players or teams who began, those checked in and those "
                            "who withdrew after starting (DECISIONS P3). Not checked in: registered only."));

    auto* newRow = new QHBoxLayout;
    newRow->addWidget(m_newName, 2);
    newRow->addWidget(m_newLocation, 1);
    newRow->addWidget(m_addNew);
    auto* checkInRow = new QHBoxLayout;
    checkInRow->addWidget(checkInLabel);
    checkInRow->addWidget(m_checkInBox, 1);
    checkInRow->addWidget(m_checkInAll);
    auto* buttonRow = new QHBoxLayout;
    buttonRow->addWidget(m_nameList);
    buttonRow->addStretch();
    buttonRow->addWidget(m_editPlayer);
    buttonRow->addWidget(m_pair);
    buttonRow->addWidget(m_withdraw);
    buttonRow->addWidget(m_remove);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_results);
    leftLayout->addLayout(newRow);
    leftLayout->addLayout(checkInRow);
    leftLayout->addWidget(entrantsLabel);
    leftLayout->addWidget(m_entrants, 1);
    leftLayout->addWidget(m_warningBox);
    leftLayout->addWidget(m_counts);
    leftLayout->addLayout(buttonRow);

    auto* right = new QWidget(this);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    m_preview = new PayoutPreviewWidget(right);
    m_preview->setObjectName(QStringLiteral("payoutPreview"));
    m_print = new QPushButton(tr("Print..."), right);
    m_print->setObjectName(QStringLiteral("printPreviewButton"));
    connect(m_print, &QPushButton::clicked, this, &EntrantsPanel::printPreview);
    m_pdf = new QPushButton(tr("Save as PDF..."), right);
    m_pdf->setObjectName(QStringLiteral("pdfPreviewButton"));
    connect(m_pdf, &QPushButton::clicked, this, &EntrantsPanel::savePreviewPdfWithDialog);
    auto* printRow = new QHBoxLayout;
    printRow->addStretch();
    printRow->addWidget(m_print);
    printRow->addWidget(m_pdf);
    rightLayout->addWidget(m_preview, 1);
    rightLayout->addLayout(printRow);

    // The entrant list keeps the width its columns need (issue 14: at 1280x800 it had ~300 px and
    // scrolled sideways); the preview beside it takes the rest: its figures flow into rows and its
    // table and chart stack when it is narrow, so it never scrolls sideways.
    int listNeeds = locationColumnWidth() + 30 + // the location and the check box
                    style()->pixelMetric(QStyle::PM_ScrollBarExtent) + 4;
    for (const QString& widest : {QStringLiteral("No."), QStringLiteral("LCS8P-20"),
                                  QStringLiteral("Withdrawn"), QStringLiteral("Jonathan Vanderberg")})
        listNeeds += fontMetrics().horizontalAdvance(widest) + 16;
    // The rating column is as wide as its header's "locked Nov 2026" (the widest month's).
    int lockedHeader = 0;
    for (int month = 1; month <= 12; ++month)
        lockedHeader = std::max(
            lockedHeader,
            fontMetrics().horizontalAdvance(
                tr("locked %1").arg(QLocale().toString(QDate(2026, month, 1), QStringLiteral("MMM yyyy")))));
    listNeeds += lockedHeader + 16;
    left->setMinimumWidth(listNeeds);
    right->setObjectName(QStringLiteral("payoutPreviewArea"));
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(QStringLiteral("entrantsSplitter"));
    m_splitter->addWidget(left);
    m_splitter->addWidget(right);
    m_splitter->setChildrenCollapsible(false);
    // A wider window widens the preview (its chart and table use the room); a narrower one narrows
    // the preview down to its minimum before the entrant list gives up any of the width it needs.
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setSizes({left->minimumWidth(), 10 * left->minimumWidth()});
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    // Tab follows the page from top to bottom: the search, the new player, the check-in box, the
    // list, the buttons under it, then the preview's.
    QWidget* previous = m_search;
    for (QWidget* next : std::initializer_list<QWidget*>{m_newName, m_newLocation, m_addNew, m_checkInBox,
                                                         m_checkInAll, m_entrants, m_nameList, m_editPlayer,
                                                         m_pair, m_withdraw, m_remove, m_print, m_pdf}) {
        setTabOrder(previous, next);
        previous = next;
    }

    setSession(nullptr);
}

void EntrantsPanel::setSession(EventSession* session)
{
    if (m_session) {
        disconnect(m_session, nullptr, this, nullptr);
        disconnect(m_session->entrants(), nullptr, this, nullptr);
        disconnect(m_session->payoutPreview(), nullptr, this, nullptr);
        disconnect(m_session->playerSearch(), nullptr, this, nullptr);
        disconnect(m_search, &QLineEdit::textChanged, m_session, nullptr);
    }
    m_session = session;
    m_search->clear();
    m_checkInBox->clear();
    clearWarning();
    if (!session) {
        m_entrants->setModel(nullptr);
        m_results->setModel(nullptr);
        m_preview->setModel(nullptr);
        m_preview->setTable(engine::PayoutTable{}, tr("No event selected"));
        m_preview->setEvent(tr("No event selected"), QDate()); // no date, format or Tier: no event
        m_preview->setLockSource(QString());
        m_preview->setComputing(QString());
        updateCounts();
        updateEditable();
        return;
    }
    session->entrants()->setWarningIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    m_entrants->setModel(session->entrants());
    m_results->setModel(session->playerSearch());
    sizeColumns();
    // The selection model is new with the model: the Withdraw button follows the current row.
    connect(m_entrants->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &EntrantsPanel::updateWithdraw);
    // The preview's table is the session's model itself: one table, set once per check-in.
    m_preview->setModel(session->payoutPreview());
    connect(session->entrants(), &EntrantListModel::countsChanged, this, &EntrantsPanel::updateCounts);
    // A check-in, a withdrawal or its undo changes the counts, and whether the row can withdraw.
    connect(session->entrants(), &EntrantListModel::countsChanged, this, &EntrantsPanel::updateWithdraw);
    connect(session->entrants(), &EntrantListModel::checkInRefused, this, [this] {
        if (m_session) {
            showWarning(m_session->lastError());
            Q_EMIT message(m_session->lastError());
        }
    });
    connect(session->payoutPreview(), &PayoutPreviewModel::payoutChanged, this,
            &EntrantsPanel::updatePreview);
    connect(session, &EventSession::eventUpdated, this, &EntrantsPanel::updatePreview);
    // The session keeps the lock: which one the preview pays from follows it (a Recompute, a merge).
    connect(session, &EventSession::lockedRatingsChanged, this, &EntrantsPanel::updatePreview);
    connect(session, &EventSession::eventUpdated, this, &EntrantsPanel::sizeRows); // the format may change
    connect(session, &EventSession::editableChanged, this, &EntrantsPanel::updateEditable);
    // The lock of the event's month is computed in the background: the preview says so, with the
    // run's sweeps, and fills in when it arrives; entrants can be added and checked in meanwhile.
    const auto computingText = [this] {
        const std::optional<core::Month> month = core::Month::fromString(m_session->lockMonth());
        return tr("Computing ratings for %1\u2026")
            .arg(month ? QLocale().toString(QDate(month->year(), month->month(), 1),
                                            QStringLiteral("MMMM yyyy"))
                       : m_session->lockMonth());
    };
    connect(session, &EventSession::ratingsComputingChanged, this, [this, computingText](bool computing) {
        if (!m_session)
            return;
        m_preview->setComputing(computing ? computingText() : QString());
        updatePreview();
    });
    connect(session, &EventSession::ratingsProgress, this, [this, computingText](int sweep, int maxSweeps) {
        if (m_session && m_session->isComputingRatings())
            m_preview->setComputing(computingText(), sweep, maxSweeps);
    });
    m_preview->setComputing(session->isComputingRatings() ? computingText() : QString());
    connect(session->playerSearch(), &QAbstractItemModel::modelReset, this, [this] {
        if (m_session && m_session->playerSearch()->rowCount() > 0)
            m_results->selectRow(0);
    });
    connect(session->playerSearch(), &QAbstractItemModel::rowsInserted, this, [this] {
        if (m_session && !m_results->currentIndex().isValid())
            m_results->selectRow(0);
    });
    connect(m_search, &QLineEdit::textChanged, session, [this](const QString& text) {
        if (!m_session)
            return;
        m_session->playerSearch()->setQuery(text.trimmed());
        const bool any = !text.trimmed().isEmpty();
        if (any && m_session->playerSearch()->rowCount() > 0) {
            if (!m_results->currentIndex().isValid() || m_results->currentIndex().row() != 0)
                m_results->selectRow(0);
        }
    });
    updateCounts();
    updatePreview();
    updateEditable();
}

void EntrantsPanel::updateEditable()
{
    const bool editable = m_session && m_session->isEditable();
    const bool doubles = m_session && m_session->event().format == engine::EventFormat::Doubles;
    for (QWidget* widget : std::initializer_list<QWidget*>{m_search, m_newName, m_newLocation, m_addNew,
                                                           m_nameList, m_remove, m_checkInBox, m_checkInAll})
        widget->setEnabled(editable);
    // DECISIONS D1a: a player is edited in every state of the event, only not in a read-only file.
    const bool playerEditable = m_session && !m_session->players().isReadOnly();
    const QString playerTip =
        !m_session ? tr("Select an event first.")
        : playerEditable
            ? tr("The name, location or id of the current entrant's player, or merge a player entered "
                 "twice (F2); also after the award, which keeps its points.")
            : tr("The database is open read-only: %1").arg(m_session->players().readOnlyReason());
    m_editPlayer->setEnabled(playerEditable);
    m_editPlayer->setToolTip(playerTip);
    if (auto* action = m_entrants->findChild<QAction*>(QStringLiteral("editPlayerAction"))) {
        action->setEnabled(playerEditable);
        action->setToolTip(playerTip);
    }
    m_pair->setEnabled(editable && doubles);
    m_pair->setVisible(doubles);
    m_print->setEnabled(m_session);
    m_pdf->setEnabled(m_session);
    updateWithdraw();
}

void EntrantsPanel::updateWithdraw()
{
    // DECISIONS P3: only a unit that began can withdraw (it stays in N and is placed); one that
    // never checked in is removed, or stays registered. The button says which, and why.
    const int unit = currentUnit();
    const core::Entrant* entrant = unit != 0 ? m_session->entrants()->entrant(unit) : nullptr;
    const bool editable = m_session && m_session->isEditable();
    QString withdrawToolTip;
    bool can = false;
    if (!entrant) {
        withdrawToolTip =
            tr("Withdraw the selected entrant who started and leaves: they stay in the field and are "
               "placed (DECISIONS P3).");
    } else {
        const QString name = m_session->entrants()->unitName(unit);
        switch (entrant->status) {
        case core::EntrantStatus::Registered:
            withdrawToolTip =
                tr("%1 has not checked in: only an entrant who started can withdraw. Remove them "
                   "(Delete) if they leave, or leave them registered (DECISIONS P3).")
                    .arg(name);
            break;
        case core::EntrantStatus::Withdrawn:
            withdrawToolTip = tr("%1 has withdrawn already (Ctrl+Z takes it back).").arg(name);
            break;
        case core::EntrantStatus::Started:
            can = editable;
            withdrawToolTip =
                tr("Withdraw %1 (Alt+W): they started and leave; they stay in the field and are placed "
                   "(DECISIONS P3). Ctrl+Z takes it back.")
                    .arg(name);
            break;
        }
    }
    m_withdraw->setEnabled(can);
    m_withdraw->setToolTip(withdrawToolTip);
}

void EntrantsPanel::updateCounts()
{
    if (!m_session) {
        m_counts->setText(tr("No event selected"));
        return;
    }
    const EntrantListModel* model = m_session->entrants();
    // DECISIONS P3: started and withdrawn units began; they are N.
    // Each count says what it counts: "registered" alone read as everyone on the list.
    QString counts = tr("Not checked in: %1 · Checked in: %2 · Withdrawn: %3 · Field (N): %4")
                         .arg(model->registeredCount())
                         .arg(model->startedCount())
                         .arg(model->withdrawnCount())
                         .arg(model->startedCount() + model->withdrawnCount());
    if (model->unpairedCount() > 0)
        counts += tr(" · Without a partner: %1").arg(model->unpairedCount());
    m_counts->setText(counts);
    clearCountMessage();
}

void EntrantsPanel::clearCountMessage()
{
    // A status message that states a count is no longer true once the counts change (issue 25:
    // "Checked in 40" stayed after 3 were unchecked): it goes, unless another has replaced it.
    if (m_countMessage.isEmpty())
        return;
    const QString stale = std::exchange(m_countMessage, QString());
    if (auto* main = qobject_cast<QMainWindow*>(window())) {
        if (auto* bar = main->findChild<QStatusBar*>(QString(), Qt::FindDirectChildrenOnly);
            bar && bar->currentMessage() == stale)
            bar->clearMessage();
    }
}

void EntrantsPanel::showWarning(const QString& text)
{
    m_warning->setText(text);
    m_warningBox->setVisible(!text.isEmpty());
}

void EntrantsPanel::clearWarning()
{
    showWarning(QString());
}

void EntrantsPanel::selectUnit(int unit)
{
    if (!m_session)
        return;
    const int row = m_session->entrants()->rowOf(unit);
    if (row < 0)
        return;
    const QModelIndex index = m_session->entrants()->index(row, EntrantListModel::PlayersColumn);
    m_entrants->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect |
                                                             QItemSelectionModel::Rows);
    m_entrants->scrollTo(index);
}

int EntrantsPanel::locationColumnWidth() const
{
    return fontMetrics().horizontalAdvance(QStringLiteral("Kitchener-Waterloo")) + 12;
}

void EntrantsPanel::sizeRows()
{
    // Doubles: a team's partners one a line, so that both names show whole at 1280 wide.
    const bool doubles = m_session && m_session->event().format == engine::EventFormat::Doubles;
    const int height = doubles ? m_singleRowHeight + fontMetrics().lineSpacing() : m_singleRowHeight;
    if (m_entrants->verticalHeader()->defaultSectionSize() != height)
        m_entrants->verticalHeader()->setDefaultSectionSize(height);
}

void EntrantsPanel::sizeColumns()
{
    sizeRows();
    // Names take the room; the short columns fit their contents; a location gets the width of a
    // long town's name (its full text is in the player's tooltip). No wrapping, no sideways scroll.
    const int locationWidth = locationColumnWidth();
    QHeaderView* entrants = m_entrants->horizontalHeader();
    entrants->setStretchLastSection(false);
    entrants->setMinimumSectionSize(24);
    for (int column = 0; column < EntrantListModel::ColumnCount; ++column)
        entrants->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    entrants->setSectionResizeMode(EntrantListModel::PlayersColumn, QHeaderView::Stretch);
    entrants->setSectionResizeMode(EntrantListModel::LocationColumn, QHeaderView::Interactive);
    entrants->resizeSection(EntrantListModel::LocationColumn, locationWidth);
    QHeaderView* results = m_results->horizontalHeader();
    results->setStretchLastSection(false);
    for (int column = 0; column < PlayerSearchModel::ColumnCount; ++column)
        results->setSectionResizeMode(column, QHeaderView::ResizeToContents);
    results->setSectionResizeMode(PlayerSearchModel::NameColumn, QHeaderView::Stretch);
    results->setSectionResizeMode(PlayerSearchModel::LastEventColumn, QHeaderView::Stretch);
    results->setSectionResizeMode(PlayerSearchModel::LocationColumn, QHeaderView::Interactive);
    results->resizeSection(PlayerSearchModel::LocationColumn, locationWidth);
}

void EntrantsPanel::updatePreview()
{
    if (!m_session)
        return;
    const core::EventRecord& event = m_session->event();
    // The table is the model's already (the view shows it): only the figures and the chart follow.
    m_preview->setEvent(event.name, QDate::fromString(event.date, Qt::ISODate));
    // Which lock the preview pays from (core/records/monthlock.h); none when it could not be read.
    const core::MonthLockRatings& lock = m_session->lockedRatings();
    m_preview->setLockSource(
        lock.month.isEmpty() || m_session->isComputingRatings() ? QString() : core::lockSourceText(lock));
}

void EntrantsPanel::moveHighlight(int step)
{
    if (!m_session)
        return;
    const int rows = m_session->playerSearch()->rowCount();
    if (rows == 0)
        return;
    const int current = m_results->currentIndex().isValid() ? m_results->currentIndex().row() : -1;
    m_results->selectRow(std::clamp(current + step, 0, rows - 1));
}

bool EntrantsPanel::addHighlightedPlayer()
{
    if (!m_session || !m_session->isEditable())
        return false;
    PlayerSearchModel* search = m_session->playerSearch();
    const QModelIndex current = m_results->currentIndex();
    const int row = current.isValid() ? current.row() : 0;
    if (row < 0 || row >= search->rowCount())
        return false;
    const core::PlayerMatch match = search->matchAt(row);
    const std::optional<int> unit = m_session->addEntrant({match.id});
    if (!unit) {
        showWarning(m_session->lastError());
        Q_EMIT message(m_session->lastError());
        return false;
    }
    clearWarning();
    Q_EMIT message(tr("Added %1 (id %2)").arg(match.name.isEmpty() ? match.id : match.name, match.id));
    m_search->clear();
    selectUnit(*unit);
    return true;
}

bool EntrantsPanel::offerNewPlayer()
{
    const QString name = m_search->text().trimmed();
    if (!m_session || !m_session->isEditable() || name.isEmpty())
        return false;
    m_newName->setText(name);
    m_newLocation->setFocus(Qt::OtherFocusReason);
    m_newLocation->selectAll();
    Q_EMIT message(tr("No player matches \"%1\": give a location (or none) and press Enter to add a new "
                      "player.")
                       .arg(name));
    return true;
}

bool EntrantsPanel::checkInPlayerId(const QString& text)
{
    if (!m_session || !m_session->isEditable())
        return false;
    const QString id = text.trimmed();
    m_checkInBox->clear(); // ready for the next id, whatever became of this one
    if (id.isEmpty())
        return false;
    const auto refuse = [this](const QString& why) {
        showWarning(why);
        Q_EMIT message(why);
        return false;
    };
    const EntrantListModel* entrants = m_session->entrants();
    const int unit = entrants->unitOfPlayer(id);
    if (unit == 0) {
        std::optional<core::PlayerRecord> player;
        try {
            player = m_session->players().player(id);
        } catch (const core::StoreError& error) {
            return refuse(error.message());
        }
        if (!player)
            return refuse(tr("No player has the id %1: check the id, or add a new player above.").arg(id));
        return refuse(tr("%1 (id %2) is not entered in this event: add them above first.")
                          .arg(player->name.isEmpty() ? player->id : player->name, player->id));
    }
    const core::Entrant* entrant = entrants->entrant(unit);
    const QString shown = entrants->unitName(unit); // "Ann Lee (entrant 4)", "Ann / Bo (team 2)"
    selectUnit(unit);
    if (entrant->status != core::EntrantStatus::Registered) {
        clearWarning();
        Q_EMIT message(entrant->status == core::EntrantStatus::Started
                           ? tr("%1 is checked in already.").arg(shown)
                           : tr("%1 has withdrawn.").arg(shown));
        return true;
    }
    if (!m_session->setCheckedIn(unit, true))
        return refuse(m_session->lastError());
    clearWarning();
    Q_EMIT message(tr("Checked in %1.").arg(shown));
    return true;
}

std::optional<int> EntrantsPanel::checkInAllRegistered()
{
    if (!m_session)
        return std::nullopt;
    const std::optional<int> checkedIn = m_session->checkInAllRegistered();
    if (!checkedIn) {
        showWarning(m_session->lastError());
        Q_EMIT message(m_session->lastError());
        return std::nullopt;
    }
    const int unpaired = m_session->entrants()->unpairedCount();
    if (unpaired == 1)
        showWarning(tr("1 player without a partner stays registered: pair a partner first, then check "
                       "the team in."));
    else if (unpaired > 1)
        showWarning(tr("%1 players without a partner stay registered: pair a partner first, then check "
                       "the team in.")
                        .arg(unpaired));
    else
        clearWarning();
    // An event, said as one: it is cleared when the counts change (clearCountMessage).
    const QString done = *checkedIn == 1
                             ? tr("Checked in the 1 entrant who was not checked in yet.")
                             : tr("Checked in the %1 entrants who were not checked in yet.").arg(*checkedIn);
    Q_EMIT message(done);
    m_countMessage = done;
    return checkedIn;
}

bool EntrantsPanel::addNewPlayer(const QString& name, const QString& location)
{
    if (!m_session || name.trimmed().isEmpty())
        return false;
    const std::optional<QString> id = m_session->addPlayer(name.trimmed(), location.trimmed());
    const std::optional<int> unit = id ? m_session->addEntrant({*id}) : std::nullopt;
    if (!unit) {
        showWarning(m_session->lastError());
        Q_EMIT message(m_session->lastError());
        return false;
    }
    clearWarning();
    Q_EMIT message(tr("New player %1 (id %2) added").arg(name.trimmed(), *id));
    selectUnit(*unit);
    return true;
}

int EntrantsPanel::addChoices(const std::vector<NameListDialog::Choice>& choices)
{
    int added = 0;
    for (const NameListDialog::Choice& choice : choices) {
        if (!m_session)
            break;
        if (choice.createNew) {
            added += addNewPlayer(choice.line, QString()) ? 1 : 0;
        } else if (m_session->addEntrant({choice.playerId})) {
            ++added;
        } else {
            Q_EMIT message(m_session->lastError());
        }
    }
    return added;
}

void EntrantsPanel::openNameList()
{
    if (!m_session)
        return;
    auto* dialog = new NameListDialog(m_session->players(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const int added = addChoices(dialog->choices());
        Q_EMIT message(tr("%n entrant(s) added from the list", nullptr, added));
    });
    dialog->open();
}

int EntrantsPanel::currentUnit() const
{
    if (!m_session || !m_entrants->currentIndex().isValid())
        return 0;
    return m_session->entrants()->data(m_entrants->currentIndex(), EntrantListModel::UnitRole).toInt();
}

bool EntrantsPanel::toggleCurrentCheckIn()
{
    const int unit = currentUnit();
    if (unit == 0 || !m_session->isEditable())
        return false;
    const core::Entrant* entrant = m_session->entrants()->entrant(unit);
    if (!entrant)
        return false;
    if (!m_session->setCheckedIn(unit, !entrant->began())) {
        showWarning(m_session->lastError());
        Q_EMIT message(m_session->lastError());
        return false;
    }
    clearWarning();
    return true;
}

bool EntrantsPanel::withdrawCurrent()
{
    const int unit = currentUnit();
    if (unit == 0)
        return false;
    const QString name = m_session->entrants()->unitName(unit);
    if (!m_session->setEntrantStatus(unit, core::EntrantStatus::Withdrawn)) {
        showWarning(m_session->lastError());
        Q_EMIT message(m_session->lastError());
        return false;
    }
    clearWarning();
    Q_EMIT message(tr("Withdrew %1: they stay in the field and are placed. Ctrl+Z takes it back.").arg(name));
    return true;
}

void EntrantsPanel::withdrawFromButton()
{
    // Alt+W from the list acts on the row the director is on. From anywhere else (the search or
    // check-in box, a click on the button) the selected row may be out of sight: ask, naming them.
    if (m_entrants->hasFocus()) {
        withdrawCurrent();
        return;
    }
    const int unit = currentUnit();
    if (unit == 0 || !m_session)
        return;
    auto* question = new QMessageBox(QMessageBox::Question, tr("Withdraw"),
                                     tr("Withdraw %1?").arg(m_session->entrants()->unitName(unit)),
                                     QMessageBox::NoButton, this);
    question->setObjectName(QStringLiteral("withdrawQuestion"));
    question->setInformativeText(tr("They started and leave: they stay in the field and are placed. "
                                    "Ctrl+Z takes it back."));
    QPushButton* yes = question->addButton(tr("&Withdraw"), QMessageBox::AcceptRole);
    question->addButton(QMessageBox::Cancel);
    question->setDefaultButton(QMessageBox::Cancel); // Enter meant for a box never withdraws
    question->setAttribute(Qt::WA_DeleteOnClose);
    connect(question, &QMessageBox::finished, this, [this, question, yes, unit] {
        if (question->clickedButton() != yes || !m_session)
            return;
        // The same entrant that was named, even if the selection moved meanwhile.
        selectUnit(unit);
        if (currentUnit() == unit)
            withdrawCurrent();
    });
    question->open();
}

bool EntrantsPanel::removeCurrent()
{
    const int unit = currentUnit();
    return unit != 0 && m_session->removeEntrant(unit);
}

PlayerDialog* EntrantsPanel::editCurrentPlayer()
{
    // Never nothing in silence: the action says why it does not open the dialog.
    if (!m_session)
        return nullptr;
    if (m_session->players().isReadOnly()) {
        Q_EMIT message(m_session->players().readOnlyReason());
        return nullptr;
    }
    // DECISIONS D1a: a player's name and id are corrected in every state, an awarded event's too.
    const int unit = currentUnit();
    const core::Entrant* entrant = unit == 0 ? nullptr : m_session->entrants()->entrant(unit);
    if (!entrant || entrant->playerIds().isEmpty()) {
        Q_EMIT message(tr("Select an entrant first: Edit player works on the current row's player."));
        return nullptr;
    }
    auto* dialog = new PlayerDialog(m_session->players(), entrant->playerIds(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (!m_session)
            return;
        const QString merge = dialog->mergeInto();
        const bool done = merge.isEmpty() ? m_session->editPlayer(dialog->playerId(), dialog->name(),
                                                                  dialog->location(), dialog->newId())
                                          : m_session->mergePlayer(dialog->playerId(), merge);
        if (done)
            Q_EMIT message(merge.isEmpty() ? tr("Player %1 changed").arg(dialog->name())
                                           : tr("Player %1 merged into %2").arg(dialog->playerId(), merge));
    });
    dialog->open();
    return dialog;
}

bool EntrantsPanel::pairSelected()
{
    if (!m_session)
        return false;
    const QModelIndexList rows = m_entrants->selectionModel()->selectedRows();
    if (rows.size() != 2) {
        Q_EMIT message(tr("Select the two players to pair."));
        return false;
    }
    const int unit = rows.at(0).data(EntrantListModel::UnitRole).toInt();
    const int partner = rows.at(1).data(EntrantListModel::UnitRole).toInt();
    return m_session->pairPartners(std::min(unit, partner), std::max(unit, partner));
}

void EntrantsPanel::printPreview()
{
    QPrinter printer;
    sheet::preparePrinter(printer, m_preview->eventTitle()); // Letter or A4, as the PDF
    QPrintDialog dialog(&printer, this);
    if (dialog.exec() == QDialog::Accepted)
        m_preview->print(&printer);
}

bool EntrantsPanel::savePreviewPdf(const QString& path)
{
    return m_preview->savePdf(path);
}

void EntrantsPanel::savePreviewPdfWithDialog()
{
    const QString path =
        saveFileName(this, tr("Save the payout preview"),
                     proposedFileName({m_session ? m_session->event().name : QString(),
                                       m_session ? m_session->event().date : QString(), tr("payout preview")},
                                      QStringLiteral("pdf")),
                     tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return;
    Q_EMIT message(savePreviewPdf(path) ? tr("Saved %1").arg(QFileInfo(path).fileName())
                                        : tr("Could not write %1").arg(path));
}

bool EntrantsPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (watched == m_search) {
            switch (key->key()) {
            case Qt::Key_Down:
                moveHighlight(1);
                return true;
            case Qt::Key_Up:
                moveHighlight(-1);
                return true;
            case Qt::Key_Return:
            case Qt::Key_Enter:
                // A name that matches nobody is a new player's: to the form with it.
                if (m_session && m_session->playerSearch()->rowCount() == 0)
                    offerNewPlayer();
                else
                    addHighlightedPlayer();
                return true;
            case Qt::Key_Escape:
                m_search->clear();
                return true;
            default:
                break;
            }
        } else if (watched == m_entrants && key->modifiers() == Qt::NoModifier) {
            if (key->key() == Qt::Key_Space) {
                toggleCurrentCheckIn();
                return true;
            }
            if (key->key() == Qt::Key_Delete) {
                removeCurrent();
                return true;
            }
            if (key->key() == Qt::Key_F2) {
                editCurrentPlayer();
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace flickdesk::ui
