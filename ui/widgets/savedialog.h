#pragma once

// The window's Save dialogs (PDFs, the rating list, the submission export): each proposes a file
// name made of what is saved (the event's name and date and what it is) in the folder the director
// saved in last, the Documents folder the first time, and remembers the folder chosen (QSettings,
// one folder for every kind: a director keeps an event's papers together).

#include <QString>
#include <QStringList>

class QWidget;

namespace flickdesk::ui {

// `parts` joined by spaces, with `suffix`: {"Tavistock Open", "2026-01-10", "results"}, "pdf" ->
// "Tavistock Open 2026-01-10 results.pdf". Characters no file system takes (/ \ : * ? " < > | and
// control characters) become "-", runs of spaces one space, dots and spaces are trimmed from the
// ends, and the name is cut to 120 characters; "FlickDesk" when nothing is left.
QString proposedFileName(const QStringList& parts, const QString& suffix);

// The folder the next Save dialog opens in: the one saved in last while it exists, else Documents
// (else the home folder).
QString lastSaveFolder();
// Remembers the folder of `filePath` for the next Save dialog.
void rememberSaveFolder(const QString& filePath);

// QFileDialog::getSaveFileName with `fileName` proposed in lastSaveFolder(); the folder of the file
// chosen is remembered. Empty when the director cancels.
QString saveFileName(QWidget* parent, const QString& caption, const QString& fileName, const QString& filter);

} // namespace flickdesk::ui
