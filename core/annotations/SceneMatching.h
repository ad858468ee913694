#pragma once
// Which dataset scene an annotated image belongs to.
//
// The rule (documented in docs/annotations.md):
//  1. The image's original name is its COCO "extra.name" when present; otherwise its file_name
//     with a Roboflow rename undone: "<stem>_<ext>.rf.<hash>.<ext2>" -> "<stem>.<ext>".
//  2. Its stem is that name without folders and without the last extension.
//  3. It matches scene S when the stem equals S, or equals S followed by '_' or '-' and one of the
//     role words on, off, input, turn_on, turn_off, ldr, hdr, edit, preview, labels;
//     compared case-insensitively. An exact match wins over a role match; when several scenes
//     match, the longest scene name wins.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ll {

// "room_png.rf.3f2a.jpg" -> "room.png"; names that are not Roboflow renames are returned as given.
std::string undoRoboflowRename(std::string_view fileName);

// Rule 1: extra.name when not empty, else undoRoboflowRename(fileName).
std::string originalImageName(std::string_view fileName, std::string_view extraName);

// Rule 2 (lower-cased).
std::string imageStem(std::string_view name);

const std::vector<std::string>& sceneRoleWords();

// Rule 3: the scene (as spelled in `scenes`) the image with this original name belongs to.
std::optional<std::string> matchScene(std::string_view originalName, const std::vector<std::string>& scenes);

} // namespace ll
