#include "widgets/tour/standingsview.h"

#include "core/formats/outputfiles.h"
#include "core/store/store.h"
#include "core/translation.h"
#include "flickdesk/engine/date.h"
#include "models/ratings/recomputejob.h"
#include "widgets/savedialog.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QFileDialog>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QPageSize>
#include <QPdfWriter>
#include <QPrintDialog>
#include <QPrinter>
#include <QPushButton>
#include <QTableView>
#include <QTextDocument>
#include <QVBoxLayout>
#include <algorithm>

namespace flickdesk::ui {
namespace {

FLICKDESK_DECLARE_TR_FUNCTIONS(flickdesk::ui::StandingsView)

QString divisionName(engine::Division division)
{
    return division == engine::Division::Recreational ? tr("Recreational") : tr("Competitive");
}

QString describeDefects(const std::vector<engine::Defect>& defects)
{
    return tr("The stored history has %1 defect(s) that keep Tour points from being computed; the first: %2")
        .arg(defects.size())
        .arg(QString::fromStdString(engine::describe(defects.front())));
}

QString playerText(const QHash<QString, QString>& names, const std::string& id)
{
    const QString playerId = QString::fromStdString(id);
    const QString name = names.value(playerId);
    return name.isEmpty() ? playerId : QStringLiteral("%1 (%2)").arg(name, playerId);
}

} // namespace

StandingsInput readStandingsInput(core::Store& store, std::shared_ptr<const core::HistoryFolder> folder,
                                  const QString& season, engine::Division division)
{
    StandingsInput input;
    input.folder = std::move(folder);
    store.flickSkillParameters().applyTo(input.parameters);
    input.request.season = season;
    input.request.division = division;
    // DECISIONS T2, T3: the stored Finale of the season and the earlier champions, as
    // `flickdesk-cli standings --db` reads them.
    const QJsonValue finale = store.setting(core::Store::finaleKey(season));
    if (finale.isString() && !finale.toString().isEmpty())
        input.request.finaleEventId = finale.toString();
    for (const QJsonValue& id : store.setting(core::Store::earlierRecreationalChampionsKey()).toArray())
        input.request.pastChampions.insert(id.toString().toStdString());
    for (const core::EventSummary& summary : store.events()) {
        if (summary.status != core::EventStatus::Awarded)
            continue;
        if (std::optional<core::AwardRecord> award = store.currentAward(summary.id))
            input.frozenAwards.emplace(summary.id, std::move(*award));
    }
    QStringList ids;
    for (const std::string& id : input.folder->history.playerIds)
        ids.append(QString::fromStdString(id));
    for (const core::PlayerRecord& player : store.players(ids)) {
        if (!player.name.isEmpty())
            input.names.insert(player.id, player.name);
    }
    input.reusable = core::reusableTourLocks(store, *input.folder, input.parameters,
                                             core::standingsEvents(*input.folder, season, division));
    return input;
}

StandingsResult computeStandings(const StandingsInput& input)
{
    StandingsResult result;
    result.season = input.request.season;
    result.division = input.request.division;
    const core::HistoryFolder& folder = *input.folder;

    std::vector<engine::Defect> defects = folder.defects;
    for (engine::Defect& defect : core::tourPointsDefects(folder))
        defects.push_back(std::move(defect));
    if (!defects.empty()) {
        core::orderDefects(defects);
        result.error = describeDefects(defects);
        return result;
    }
    if (const QString error = core::buildTourSeason(folder, {}, input.request).error; !error.isEmpty()) {
        result.error = error;
        return result;
    }
    try {
        // Quitting stops the locks in progress: nobody will see the standings.
        engine::FlickSkillRunControl control;
        control.cancel = &quitting();
        core::TourPoints points = core::computeTourPoints(
            folder, input.parameters,
            core::standingsEvents(folder, input.request.season, input.request.division), control, 0,
            input.reusable);
        if (points.cancelled) {
            result.error = tr("Stopped: FlickDesk is closing.");
            return result;
        }
        if (!points.defects.empty()) {
            result.error = describeDefects(points.defects);
            return result;
        }
        // DECISIONS P2: an awarded event counts with the awards frozen with it.
        for (core::TourEventPoints& event : points.events) {
            const auto frozen = input.frozenAwards.find(folder.events[event.eventIndex].eventId);
            if (frozen == input.frozenAwards.end())
                continue;
            for (core::UnitAward& unit : event.units) {
                if (unit.players.empty())
                    continue;
                const QString first = QString::fromStdString(
                    folder.history.playerIds[static_cast<std::size_t>(unit.players.front())]);
                for (const core::PlayerAward& award : frozen->second.awards) {
                    if (award.playerId == first) {
                        unit.place = award.place;
                        unit.award = award.points;
                    }
                }
            }
        }
        const core::TourSeasonBuild build = core::buildTourSeason(folder, points, input.request);
        if (!build.error.isEmpty()) {
            result.error = build.error;
            return result;
        }
        result.standings = engine::computeTourStandings(build.season);
        // Only the names its rows show: the window's thread takes the result.
        for (const engine::StandingsRow& row : result.standings.rows) {
            const QString id = QString::fromStdString(row.playerId);
            if (const auto name = input.names.constFind(id); name != input.names.cend())
                result.names.insert(id, *name);
        }
        result.decided = core::seasonDecided(folder, build, input.request.season);
        if (!result.decided)
            core::noteLeadersBeforeTheFinale(result.standings);
        result.earlierRecreationalChampions = build.season.earlierRecreationalChampions;
        std::set<std::string> events;
        for (const engine::TourAward& award : build.season.awards)
            events.insert(award.eventId);
        result.events = static_cast<int>(events.size());
        if (build.finaleEvent) {
            result.finaleEventId = folder.events[*build.finaleEvent].eventId;
            result.finaleName = folder.events[*build.finaleEvent].name;
        }
        result.locksComputed =
            static_cast<int>(std::count(points.computed.begin(), points.computed.end(), 1));
        result.locksReused = static_cast<int>(points.locks.size()) - result.locksComputed;
        if (result.locksComputed > 0)
            result.computedLocks = freedInPool<const core::ComputedTourLocks>(new core::ComputedTourLocks{
                input.folder, input.parameters, std::move(points), input.generation});
    } catch (const std::exception& failure) {
        result.error = tr("The standings could not be computed: %1").arg(QString::fromUtf8(failure.what()));
    }
    return result;
}

QString championText(const StandingsResult& result)
{
    if (!result.error.isEmpty())
        return QString();
    const std::vector<engine::StandingsRow>& rows = result.standings.rows;
    if (rows.empty())
        return tr("No Tour points were awarded in this season and division.");
    if (result.division == engine::Division::Competitive) {
        QStringList leaders;
        for (const engine::StandingsRow& row : rows) {
            if (row.rank == 1)
                leaders.append(playerText(result.names, row.playerId));
        }
        // DECISIONS T2: the Finale closes the season; before it, the top is the leader.
        if (leaders.size() == 1 && result.decided)
            return tr("NCA Tour Champion: %1 with %2 points.")
                .arg(leaders.front(), totalText(rows.front().totalTenths));
        if (leaders.size() == 1)
            return tr("NCA Tour leader: %1 with %2 points. The champion is known once the season's Finale "
                      "is played.")
                .arg(leaders.front(), totalText(rows.front().totalTenths));
        return tr("Tied at the top, and the Finale does not break the tie: %1.")
            .arg(leaders.join(QStringLiteral(", ")));
    }

    // DECISIONS T3: the title goes to the highest-ranked player who has not won it before; the
    // standings themselves do not change.
    QStringList champions;
    int championRank = 0;
    for (const std::string& id : result.standings.recreationalChampions) {
        champions.append(playerText(result.names, id));
        for (const engine::StandingsRow& row : rows) {
            if (row.playerId == id)
                championRank = row.rank;
        }
    }
    QString text;
    if (champions.isEmpty())
        text = tr("No Recreational Tour Champion: every ranked player has won the title before.");
    else if (!result.decided) // DECISIONS T2: the leader until the Finale
        text = tr("Recreational Tour leader: %1. The champion is known once the season's Finale is played.")
                   .arg(champions.join(QStringLiteral(", ")));
    else if (champions.size() == 1)
        text = tr("Recreational Tour Champion: %1.").arg(champions.front());
    else
        text = tr("Recreational Tour co-champions (a tie the Finale cannot break): %1.")
                   .arg(champions.join(QStringLiteral(", ")));
    QStringList passedOver;
    for (const engine::StandingsRow& row : rows) {
        if ((championRank == 0 || row.rank < championRank) &&
            result.earlierRecreationalChampions.count(row.playerId) != 0)
            passedOver.append(tr("%1 (ranked %2)").arg(playerText(result.names, row.playerId)).arg(row.rank));
    }
    if (!passedOver.isEmpty())
        // DECISIONS T3: the recreational title is won once.
        text += u' ' + tr("The title is won only once: %1 won it in an earlier season.")
                           .arg(passedOver.join(QStringLiteral(", ")));
    else
        // DECISIONS T3: the recreational title is won once.
        text += u' ' + tr("The title is won only once.");
    return text;
}

// ---------------------------------------------------------------------------------------------

StandingsView::StandingsView(core::Store& store, QWidget* parent)
    : SeasonView(store,
                 {QStringLiteral("standingsSeason"), QStringLiteral("standingsTable"),
                  QStringLiteral("standingsStatus")},
                 parent)
    , m_result(std::make_shared<const StandingsResult>())
    , m_watcher(new QFutureWatcher<std::shared_ptr<StandingsResult>>(this))
    , m_model(new StandingsModel(this))
{
    m_division = new QComboBox(this);
    m_division->setObjectName(QStringLiteral("standingsDivision"));
    m_division->addItem(tr("Competitive (best 5)"), static_cast<int>(engine::Division::Competitive));
    m_division->addItem(tr("Recreational (best 4)"), static_cast<int>(engine::Division::Recreational));
    m_finale = new QComboBox(this);
    m_finale->setObjectName(QStringLiteral("standingsFinale"));
    m_finale->setToolTip(tr("The Finale breaks ties at the top after the places (DECISIONS T2)"));
    m_finale->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_finale->setMinimumContentsLength(24);
    m_print = new QPushButton(tr("Pr&int…"), this);
    m_pdf = new QPushButton(tr("Save as PDF…"), this);

    m_champion = new QLabel(this);
    m_champion->setObjectName(QStringLiteral("standingsChampion"));
    m_champion->setWordWrap(true);
    QFont bold = m_champion->font();
    bold.setBold(true);
    m_champion->setFont(bold);
    m_champion->setToolTip(
        tr("DECISIONS T2: the season's Finale breaks ties at the top and closes the season; "
           "until it is played the first player is the leader. DECISIONS T3: the "
           "Recreational title is won only once."));

    tableView()->setModel(m_model);
    controls()->addWidget(m_division);
    controls()->addWidget(new QLabel(tr("Finale:"), this));
    controls()->addWidget(m_finale, 1);
    controls()->addWidget(m_print);
    controls()->addWidget(m_pdf);
    insertAboveTable(m_champion);
    // Tab from the controls, left to right, to the table.
    setTabOrder(seasonBox(), m_division);
    setTabOrder(m_division, m_finale);
    setTabOrder(m_finale, m_print);
    setTabOrder(m_print, m_pdf);
    setTabOrder(m_pdf, tableView());

    connect(m_division, &QComboBox::currentIndexChanged, this, [this] { recompute(); });
    connect(m_finale, &QComboBox::activated, this,
            [this](int index) { setFinale(m_finale->itemData(index).toString()); });
    connect(m_print, &QPushButton::clicked, this, &StandingsView::print);
    connect(m_pdf, &QPushButton::clicked, this, &StandingsView::savePdfWithDialog);
    connect(m_watcher, &QFutureWatcher<std::shared_ptr<StandingsResult>>::finished, this, [this] {
        const std::shared_ptr<StandingsResult> result = m_watcher->result();
        // Still this history's, whichever choice they were for.
        storeComputedLocks(std::move(result->computedLocks));
        // A result for an earlier choice is dropped: the newer request is on its way.
        if (result->season == season() && result->division == division()) {
            computationShown();
            showResult(result);
        }
    });

    refresh();
}

StandingsView::~StandingsView() = default;

engine::Division StandingsView::division() const
{
    return static_cast<engine::Division>(m_division->currentData().toInt());
}

void StandingsView::setDivision(engine::Division division)
{
    m_division->setCurrentIndex(m_division->findData(static_cast<int>(division)));
}

void StandingsView::setFinale(const QString& eventId)
{
    try {
        store().setSetting(core::Store::finaleKey(season()),
                           eventId.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(eventId));
    } catch (const core::StoreError& error) {
        setStatus(error.message());
    }
    fillFinales();
    recompute();
}

void StandingsView::fillFinales()
{
    const QSignalBlocker blocker(m_finale);
    m_finale->clear();
    const QString label = season();
    if (label.isEmpty())
        return;
    const std::optional<std::size_t> fallback = core::defaultFinale(*folder(), label);
    m_finale->addItem(fallback
                          ? tr("Default: %1 (%2)")
                                .arg(folder()->events[*fallback].name, folder()->events[*fallback].eventId)
                          : tr("Default: none (no WCC Singles this season)"),
                      QString());
    std::vector<std::size_t> events;
    for (std::size_t i = 0; i < folder()->events.size(); ++i) {
        if (folder()->events[i].season == label)
            events.push_back(i);
    }
    std::stable_sort(events.begin(), events.end(), [this](std::size_t a, std::size_t b) {
        return folder()->events[a].date < folder()->events[b].date;
    });
    for (const std::size_t i : events) {
        const core::EventInfo& info = folder()->events[i];
        m_finale->addItem(
            tr("%1 %2 (%3)").arg(dateOf(info.date).toString(Qt::ISODate), info.name, info.eventId),
            info.eventId);
    }
    QString stored;
    try {
        const QJsonValue value = store().setting(core::Store::finaleKey(label));
        if (value.isString())
            stored = value.toString();
    } catch (const core::StoreError&) {
    }
    const int index = m_finale->findData(stored);
    m_finale->setCurrentIndex(index >= 0 ? index : 0);
}

void StandingsView::clearResult()
{
    showResult(std::make_shared<const StandingsResult>());
}

void StandingsView::recompute()
{
    // The settings, awards and names are read with the computation, on a connection of its own.
    std::shared_ptr<core::Store> worker = startComputing(tr("Computing the standings…"));
    if (!worker)
        return;
    m_watcher->setFuture(runInThreadPool([worker, folder = folder(), generation = generation(),
                                          label = season(), chosen = division()]() mutable {
        // Freed in the pool: the window's thread only ever lets go of it.
        std::shared_ptr<StandingsResult> result = freedInPool(new StandingsResult);
        try {
            StandingsInput input = readStandingsInput(*worker, folder, label, chosen);
            input.generation = generation;
            worker.reset(); // closed in the thread that used it
            *result = computeStandings(input);
        } catch (const core::StoreError& error) {
            result->season = label;
            result->division = chosen;
            result->error = error.message();
        }
        return result;
    }));
}

void StandingsView::showResult(StandingsResultPtr shown)
{
    m_result = std::move(shown);
    const StandingsResult& result = *m_result;
    m_model->setResult(m_result);
    tableView()->resizeColumnsToContents();
    m_champion->setText(championText(result));
    if (!result.error.isEmpty())
        setStatus(result.error);
    else
        setStatus(tr("Season %1, %2: %3 players, %4 Tour events; Finale: %5.")
                      .arg(result.season, divisionName(result.division))
                      .arg(result.standings.rows.size())
                      .arg(result.events)
                      .arg(result.finaleEventId.isEmpty()
                               ? tr("none")
                               : tr("%1 (%2)").arg(result.finaleName, result.finaleEventId)));
    Q_EMIT standingsReady();
}

QString StandingsView::html() const
{
    const StandingsResult& r = *m_result;
    QString text;
    text += QStringLiteral("<html><body>");
    text += QStringLiteral("<h2>%1</h2>")
                .arg(tr("NCA Tour standings: season %1, %2")
                         .arg(r.season, divisionName(r.division))
                         .toHtmlEscaped());
    text += QStringLiteral("<p><b>%1</b></p>").arg(championText(r).toHtmlEscaped());
    text += QStringLiteral("<p>%1</p>")
                // DECISIONS T1: the best 5 (or 4) awards count.
                .arg(tr("Best %1 awards count. Finale: %2. Printed %3 by FlickDesk.")
                         .arg(engine::resultsCounted(r.division))
                         .arg(r.finaleEventId.isEmpty() ? tr("none")
                                                        : tr("%1 (%2)").arg(r.finaleName, r.finaleEventId))
                         .arg(QDateTime::currentDateTime().toString(Qt::ISODate))
                         .toHtmlEscaped());
    text += QStringLiteral("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\" width=\"100%\"><tr>");
    for (int column = 0; column < StandingsModel::ColumnCount; ++column)
        text += QStringLiteral("<th>%1</th>")
                    .arg(m_model->headerData(column, Qt::Horizontal).toString().toHtmlEscaped());
    text += QStringLiteral("</tr>");
    for (int row = 0; row < m_model->rowCount(); ++row) {
        const bool champion = m_model->data(m_model->index(row, 0), StandingsModel::ChampionRole).toBool();
        text += champion ? QStringLiteral("<tr style=\"font-weight:bold\">") : QStringLiteral("<tr>");
        for (int column = 0; column < StandingsModel::ColumnCount; ++column) {
            const QString value = m_model->data(m_model->index(row, column)).toString().toHtmlEscaped();
            const bool number = column == StandingsModel::RankColumn ||
                                column == StandingsModel::TotalColumn ||
                                column == StandingsModel::CountedColumn;
            text += number ? QStringLiteral("<td align=\"right\">%1</td>").arg(value)
                           : QStringLiteral("<td>%1</td>").arg(value);
        }
        text += QStringLiteral("</tr>");
    }
    text += QStringLiteral("</table></body></html>");
    return text;
}

void StandingsView::printOn(QPagedPaintDevice* device) const
{
    QTextDocument document;
    document.setHtml(html());
    document.print(device);
}

bool StandingsView::savePdf(const QString& path, QString* errorString) const
{
    // Never over the open database or its files; written under a temporary name and renamed into
    // place once complete: a full disk leaves the earlier PDF as it was.
    if (const QString clash = core::outputClashWithDatabase(path); !clash.isEmpty()) {
        if (errorString != nullptr)
            *errorString = clash;
        return false;
    }
    core::ReplacingFile pdf(path);
    if (pdf.temporaryPath().isEmpty()) {
        if (errorString != nullptr)
            *errorString = pdf.errorString();
        return false;
    }
    {
        QPdfWriter writer(pdf.temporaryPath());
        writer.setTitle(
            tr("NCA Tour standings: season %1, %2").arg(m_result->season, divisionName(m_result->division)));
        writer.setCreator(QStringLiteral("FlickDesk"));
        writer.setPageSize(QPageSize(QPageSize::A4));
        writer.setResolution(300);
        printOn(&writer);
    }
    if (!pdf.commit("%PDF-", "%%EOF")) {
        if (errorString != nullptr)
            *errorString = pdf.errorString();
        return false;
    }
    return true;
}

void StandingsView::print()
{
    QPrinter printer(QPrinter::HighResolution);
    QPrintDialog dialog(&printer, this);
    dialog.setWindowTitle(tr("Print the standings"));
    if (dialog.exec() != QDialog::Accepted)
        return;
    printOn(&printer);
}

void StandingsView::savePdfWithDialog()
{
    const QString path =
        saveFileName(this, tr("Save the standings as PDF"),
                     proposedFileName({tr("Standings season %1").arg(season()),
                                       division() == engine::Division::Recreational ? tr("recreational")
                                                                                    : tr("competitive"),
                                       QDate::currentDate().toString(Qt::ISODate)},
                                      QStringLiteral("pdf")),
                     tr("PDF files (*.pdf)"));
    if (path.isEmpty())
        return;
    QString error;
    setStatus(savePdf(path, &error) ? tr("Saved %1").arg(path) : error);
}

} // namespace flickdesk::ui
