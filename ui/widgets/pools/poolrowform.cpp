#include "widgets/pools/poolrowform.h"

#include <QComboBox>
#include <QCompleter>
#include <QDate>
#include <QDateEdit>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>

namespace flickdesk::ui {
namespace {

// Columns whose values are a short fixed list: offered, but any text may still be typed (the
// system's check names a wrong one).
QStringList knownValues(const QString& column)
{
    if (column.compare(QLatin1String("scoring"), Qt::CaseInsensitive) == 0)
        return {QStringLiteral("round"), QStringLiteral("game")}; // DECISIONS A1
    if (column.compare(QLatin1String("result"), Qt::CaseInsensitive) == 0)
        return {QStringLiteral("1-0"), QStringLiteral("0-1"), QStringLiteral("1/2-1/2")};
    if (column.compare(QLatin1String("power"), Qt::CaseInsensitive) == 0)
        return {QStringLiteral("Austria"), QStringLiteral("England"), QStringLiteral("France"),
                QStringLiteral("Germany"), QStringLiteral("Italy"),   QStringLiteral("Russia"),
                QStringLiteral("Turkey")};
    return {};
}

constexpr int kEditorsPerLine = 6;

} // namespace

QWidget* PoolRowForm::Editor::widget() const
{
    if (line)
        return line;
    if (combo)
        return combo;
    return date;
}

bool PoolRowForm::isPlayerColumn(const QString& column)
{
    return column.startsWith(QLatin1String("player"), Qt::CaseInsensitive);
}

PoolRowForm::PoolRowForm(const QStringList& columns, Purpose purpose, QWidget* parent)
    : QWidget(parent)
    , m_columns(columns)
{
    auto* layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    int index = 0;
    for (const QString& column : columns) {
        Editor editor;
        editor.column = column;
        const QStringList values = knownValues(column);
        if (column.compare(QLatin1String("date"), Qt::CaseInsensitive) == 0) {
            editor.date = new QDateEdit(QDate::currentDate(), this);
            editor.date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
            editor.date->setCalendarPopup(true);
        } else if ((purpose == Purpose::Game && isPlayerColumn(column)) || !values.isEmpty()) {
            editor.combo = new QComboBox(this);
            editor.combo->setEditable(true);
            editor.combo->setInsertPolicy(QComboBox::NoInsert);
            editor.combo->addItems(values);
            editor.combo->setCurrentIndex(-1);
            editor.combo->completer()->setCompletionMode(QCompleter::PopupCompletion);
            editor.combo->completer()->setCaseSensitivity(Qt::CaseInsensitive);
            editor.combo->setMinimumContentsLength(6);
            connect(editor.combo->lineEdit(), &QLineEdit::returnPressed, this, &PoolRowForm::submitted);
        } else {
            editor.line = new QLineEdit(this);
            connect(editor.line, &QLineEdit::returnPressed, this, &PoolRowForm::submitted);
        }
        QWidget* widget = editor.widget();
        widget->setObjectName(QStringLiteral("field_") + column);
        widget->setAccessibleName(column);
        auto* label = new QLabel(column, this);
        label->setBuddy(widget);
        editor.label = label;
        const int line = index / kEditorsPerLine;
        const int place = index % kEditorsPerLine;
        layout->addWidget(label, 2 * line, place);
        layout->addWidget(widget, 2 * line + 1, place);
        m_editors.push_back(editor);
        ++index;
    }
}

void PoolRowForm::setPlayers(const QStringList& ids, const QStringList& names)
{
    for (const Editor& editor : m_editors) {
        if (!editor.combo || !isPlayerColumn(editor.column))
            continue;
        const QString text = editor.combo->currentText();
        editor.combo->clear();
        for (qsizetype i = 0; i < ids.size(); ++i) {
            const QString name = names.value(i);
            editor.combo->addItem(ids[i]);
            if (!name.isEmpty())
                editor.combo->setItemData(editor.combo->count() - 1, name, Qt::ToolTipRole);
        }
        editor.combo->setCurrentIndex(-1);
        editor.combo->setEditText(text);
    }
}

QStringList PoolRowForm::values() const
{
    QStringList values;
    for (const Editor& editor : m_editors)
        values.append(value(editor.column));
    return values;
}

QString PoolRowForm::value(const QString& column) const
{
    for (const Editor& editor : m_editors) {
        if (editor.column != column)
            continue;
        if (editor.line)
            return editor.line->text().trimmed();
        if (editor.combo)
            return editor.combo->currentText().trimmed();
        return editor.date->date().toString(Qt::ISODate);
    }
    return {};
}

void PoolRowForm::setValue(const QString& column, const QString& value)
{
    for (const Editor& editor : m_editors) {
        if (editor.column != column)
            continue;
        if (editor.line)
            editor.line->setText(value);
        else if (editor.combo)
            editor.combo->setEditText(value);
        else if (const QDate date = QDate::fromString(value, Qt::ISODate); date.isValid())
            editor.date->setDate(date);
    }
}

bool PoolRowForm::isEmpty() const
{
    for (const Editor& editor : m_editors) {
        if (!editor.date && !value(editor.column).isEmpty())
            return false;
    }
    return true;
}

void PoolRowForm::clear(const QStringList& keep)
{
    for (const Editor& editor : m_editors) {
        if (editor.date || keep.contains(editor.column))
            continue;
        if (editor.line)
            editor.line->clear();
        else
            editor.combo->setEditText(QString());
    }
    markFields({});
}

QWidget* PoolRowForm::editorOf(const QString& column) const
{
    for (const Editor& editor : m_editors) {
        if (editor.column.compare(column, Qt::CaseInsensitive) == 0)
            return editor.widget();
    }
    return nullptr;
}

void PoolRowForm::markFields(const QStringList& columns)
{
    m_marked.clear();
    for (const Editor& editor : m_editors) {
        const bool wrong = columns.contains(editor.column, Qt::CaseInsensitive);
        if (wrong)
            m_marked.append(editor.column);
        QWidget* widget = editor.widget();
        widget->setProperty("defective", wrong);
        widget->setStyleSheet(wrong ? QStringLiteral("background-color: #fde2e1;") : QString());
        widget->setToolTip(wrong ? tr("This field is named in the message below.") : QString());
    }
}

void PoolRowForm::hideColumns(const QStringList& columns)
{
    auto* grid = static_cast<QGridLayout*>(layout());
    int index = 0;
    for (Editor& editor : m_editors) {
        const bool hidden = columns.contains(editor.column, Qt::CaseInsensitive);
        if (hidden) {
            editor.label->hide();
            editor.widget()->hide();
            grid->removeWidget(editor.label);
            grid->removeWidget(editor.widget());
            continue;
        }
        grid->removeWidget(editor.label);
        grid->removeWidget(editor.widget());
        grid->addWidget(editor.label, 2 * (index / kEditorsPerLine), index % kEditorsPerLine);
        grid->addWidget(editor.widget(), 2 * (index / kEditorsPerLine) + 1, index % kEditorsPerLine);
        ++index;
    }
}

void PoolRowForm::focusFirst()
{
    for (const Editor& editor : m_editors) {
        if (!editor.date && !editor.widget()->isHidden()) {
            editor.widget()->setFocus();
            return;
        }
    }
}

} // namespace flickdesk::ui
