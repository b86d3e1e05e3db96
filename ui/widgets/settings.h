#pragma once

// The window's own settings (QSettings), each key with its default in one place: what the
// director's machine remembers between mornings. Data settings (engine parameters, the Finale)
// live in the database instead (Store::setting).

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QVariant>

namespace flickdesk::ui {

// One QSettings key and its default: `SettingValue<QString> lastDatabase{...}; lastDatabase.get()`.
template <typename T> class SettingValue {
public:
    SettingValue(QString key, T defaultValue = T())
        : m_key(std::move(key))
        , m_default(std::move(defaultValue))
    {
    }

    QString key() const { return m_key; }
    T get() const
    {
        const QVariant value = QSettings().value(m_key);
        return value.isValid() && value.canConvert<T>() ? value.value<T>() : m_default;
    }
    void set(const T& value) const { QSettings().setValue(m_key, QVariant::fromValue(value)); }
    void remove() const { QSettings().remove(m_key); }

private:
    QString m_key;
    T m_default;
};

namespace settings {
inline SettingValue<QByteArray> windowGeometry()
{
    return {QStringLiteral("MainWindow/geometry")};
}
inline SettingValue<QByteArray> windowState()
{
    return {QStringLiteral("MainWindow/state")};
}
inline SettingValue<QByteArray> daySplitterState()
{
    return {QStringLiteral("MainWindow/daySplitter")};
}
// The database opened last; Store::defaultPath() when none (main.cpp: --db overrides both).
inline SettingValue<QString> lastDatabase()
{
    return {QStringLiteral("Database/last")};
}
// The event selected last, per database file.
inline SettingValue<QString> lastEvent(const QString& databasePath)
{
    return {QStringLiteral("Database/lastEvent/") + QString::fromLatin1(databasePath.toUtf8().toHex())};
}
} // namespace settings

} // namespace flickdesk::ui
