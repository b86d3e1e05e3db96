#pragma once

// The enumerations of a format of play by word, as the submission file (core/formats/eventexchange.h)
// and the store's column (core/store/playstore.h, playFormatJson) write and read them: words, so that
// a file stays readable and a value appended to an enumeration does not shift the old ones
// (DECISIONS G1-G7 name the settings).

#include "flickdesk/engine/playday.h"

#include <QLatin1String>
#include <QString>
#include <cstddef>
#include <optional>

namespace flickdesk::core::playwords {

template <typename E> struct Word {
    E value;
    const char* word;
};

inline constexpr Word<engine::play::StageKind> stageKinds[] = {
    {engine::play::StageKind::RoundRobin, "round-robin"},
    {engine::play::StageKind::RandomRounds, "random-rounds"},
    {engine::play::StageKind::Tiers, "tiers"},
    {engine::play::StageKind::Playoff, "playoff"}};
inline constexpr Word<engine::play::TieBreak> tieBreaks[] = {
    {engine::play::TieBreak::Twenties, "twenties"},
    {engine::play::TieBreak::MiniLeague, "mini-league"},
    {engine::play::TieBreak::ShootOut, "shoot-out"}};
inline constexpr Word<engine::play::Seeding> seedings[] = {{engine::play::Seeding::Snake, "snake"},
                                                           {engine::play::Seeding::Random, "random"},
                                                           {engine::play::Seeding::Hand, "hand"}};
inline constexpr Word<engine::play::MatchKind> matches[] = {{engine::play::MatchKind::BestOf, "best-of"},
                                                            {engine::play::MatchKind::FirstTo, "first-to"}};
inline constexpr Word<engine::play::LevelPlayoffGame> levels[] = {
    {engine::play::LevelPlayoffGame::ExtraRounds, "extra-rounds"},
    {engine::play::LevelPlayoffGame::TwentiesShootOut, "twenties-shoot-out"}};

// The word of `value`; empty for a value the list does not hold.
template <typename E, std::size_t N> QString wordOf(const Word<E> (&words)[N], E value)
{
    for (const Word<E>& w : words) {
        if (w.value == value)
            return QLatin1String(w.word);
    }
    return QString();
}

// The value of `word`; nothing for another word.
template <typename E, std::size_t N> std::optional<E> valueOf(const Word<E> (&words)[N], const QString& word)
{
    for (const Word<E>& w : words) {
        if (word == QLatin1String(w.word))
            return w.value;
    }
    return std::nullopt;
}

} // namespace flickdesk::core::playwords
