#pragma once
// The composer's output options: for plots the y scale, the arrangement of the panels and a colour
// per model; for grids how the image tiles are embedded in PDF and SVG (PNG or JPEG, its quality,
// the tiles' resolution). showSpec() puts a description's values on the controls and readInto()
// writes them back, so a description loaded and saved again is unchanged.
#include "figure/FigureSpec.h"

#include <QStringList>
#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QGroupBox;
class QSpinBox;
class QTableWidget;

namespace ll::ui {

class FigureOptionsForm : public QWidget {
    Q_OBJECT
public:
    // `models`: the dataset's models, listed for colours (a description may name others too).
    explicit FigureOptionsForm(QStringList models, QWidget* parent = nullptr);

    void showSpec(const figure::FigureSpec& spec);   // no changed() while it runs
    void readInto(figure::FigureSpec& spec) const;   // y_scale, layout, model_colours, tile_*, jpeg_quality

Q_SIGNALS:
    void changed();

private:
    void updateEnabled();
    void setColourRows(const std::map<std::string, std::string>& colours);
    void pickColour(int row);

    QStringList models_;
    bool syncing_ = false;
    QGroupBox* plotBox_;
    QComboBox* yScale_;
    QComboBox* layoutMode_;
    QSpinBox* layoutCount_;
    QTableWidget* colours_;
    QGroupBox* tileBox_;
    QComboBox* tileFormat_;
    QSpinBox* jpegQuality_;
    QComboBox* tileDpiMode_;
    QDoubleSpinBox* tileDpi_;
};

} // namespace ll::ui
