#pragma once

// Reading a history folder (events.csv, results.csv, optional games.csv and params.json; see
// tests/data/nca-history/README.md) into the engine's RatingHistory, with every defect of the input
// named by file, line and field (DECISIONS D2).

#include "core/records/eventrecords.h"
#include "flickdesk/engine/flickskill.h"
#include "flickdesk/engine/history.h"

#include <QByteArray>
#include <QHash>
#include <QString>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace flickdesk::core {

// What later steps (the monthly lock, Tour points) need to know about an event besides its results.
struct EventInfo {
    QString eventId;
    engine::DayNumber date = 0;
    QString name;
    engine::EventFormat format = engine::EventFormat::Singles;
    QString group; // who ran it: NCA, NCA REC, UK, ...
    Tour tour = Tour::None;
    std::optional<int> tier; // 1, 2 or 3 for tour events
    QString season;          // the season label, e.g. "15"
    int fieldSize = 0;       // units that began (DECISIONS P3)
    engine::SourceRef source;
    // DECISIONS P4: an experimental format and its own FSI cap (a stored event's; a folder has none).
    bool experimental = false;
    std::optional<double> experimentalCap;
};

// FlickSkill parameters that a params.json (or the command line) sets; everything unset keeps the
// engine's default or an earlier setting. Keys of params.json in brackets.
struct ParameterOverrides {
    std::optional<double> mu0;                   // [mu]
    std::optional<double> sigma0;                // [sigma]
    std::optional<double> beta;                  // [beta]
    std::optional<double> gamma;                 // [gamma]
    std::optional<double> epsilon;               // [epsilon]
    std::optional<int> maxIterations;            // [max_iter]
    std::optional<double> drawProbabilityFinish; // [p_draw]
    std::optional<double> drawProbabilityGame;   // [p_draw_game]
    std::optional<double> doublesWeight;         // [doubles_weight]

    // Takes every value that `later` sets.
    void overrideWith(const ParameterOverrides& later);
    void applyTo(engine::FlickSkillParameters& parameters) const;
};

struct ParametersFile {
    ParameterOverrides parameters;
    std::vector<engine::Defect> defects;
};

// Reads a params.json: one object of the keys above, numbers only. Unknown keys, values of the wrong
// type and values out of range are defects.
ParametersFile readParametersJson(const QString& path);

// The same for the contents of a params.json already in memory; `fileName` names it in defects.
// Touches no file (the fuzz target tests/fuzz/fuzz_params_json.cpp calls it).
ParametersFile parseParametersJson(const QByteArray& text, const QString& fileName);

// The rules of an event's own data that events.csv and the submission file (core/formats/eventexchange.h)
// share, so that import-event refuses whatever `rate` would refuse of the history it exports. Each
// gives the problem in words, or an empty string when there is none.
// A tier is 1, 2 or 3; an event of the competitive or recreational tour needs one.
std::string eventTierProblem(std::optional<int> tier, Tour tour);
// DECISIONS P3: the field size is the number of units that began (checked from two units on).
std::string eventFieldSizeProblem(const std::string& eventId, int fieldSize, std::size_t unitsThatBegan);

struct HistoryFolder {
    // Events in events.csv row order; rateHistory orders them by date itself. Meaningful only when
    // `defects` is empty.
    engine::RatingHistory history;
    std::vector<EventInfo> events; // parallel to history.events
    ParameterOverrides parameters; // from the folder's params.json, if it has one
    // Every defect of the input files and of the history they make, by file and line.
    std::vector<engine::Defect> defects;
    // The NCA rating lists imported into a database (Store::loadHistory), by the 1st of their
    // month: each is that month's lock (core/records/monthlock.h). Empty for a folder read from files.
    std::map<engine::DayNumber, QHash<QString, engine::Gaussian>> importedLocks;
};

// Reads the folder `dir`. Never throws on bad input: every defect goes to HistoryFolder::defects.
HistoryFolder readHistoryFolder(const QString& dir);

// The same for the contents of a folder's files already in memory: events.csv, results.csv, and
// games.csv and params.json when the folder has them. Defects name the files as `dir`/events.csv
// and so on, or plain events.csv when `dir` is empty. Touches no file (the fuzz target
// tests/fuzz/fuzz_history_csv.cpp calls it).
HistoryFolder parseHistoryFiles(const QByteArray& events, const QByteArray& results,
                                const std::optional<QByteArray>& games,
                                const std::optional<QByteArray>& params, const QString& dir = {});

} // namespace flickdesk::core
