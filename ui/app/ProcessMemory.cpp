#include "app/ProcessMemory.h"

#include <QByteArray>
#include <QFile>

namespace ll::ui {

double processMemoryMiB(const char* field) {
    QFile f(QStringLiteral("/proc/self/status"));
    if (!f.open(QIODevice::ReadOnly)) return 0.0;
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray& line : f.readAll().split('\n'))
        if (line.startsWith(key)) return line.mid(key.size()).trimmed().split(' ').value(0).toDouble() / 1024.0;
    return 0.0;
}

} // namespace ll::ui
