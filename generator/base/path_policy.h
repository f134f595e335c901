// The path policy, in one place: which folders a command may write, which files the build may
// read. Every command that writes asks CheckOutputFolder before touching anything; every input
// file and folder listing goes through CheckInputPath (base/files.cc does it).
//
// Inputs are the project root and its input folders data/, content/, templates/, assets/.
// Symbolic links are resolved before comparing, so a link cannot smuggle a path past a check.
#pragma once

#include <string>

namespace gg {

// The folders of a project that hold its inputs (relative to the root).
inline constexpr const char* kInputFolders[] = {"data", "content", "templates", "assets"};

// Whether `out` may be replaced by a build of the project at `root`. It may not be the root,
// contain the root (a parent of it), be an input folder or lie inside one. Returns "" when
// allowed, else a sentence saying why (without absolute paths, which differ per machine).
std::string CheckOutputFolder(const std::string& root, const std::string& out);

enum class InputPathStatus { kOk, kLeavesProject, kBroken };

// Whether the input `rel` (relative to root, possibly a symbolic link or under one) may be
// read: kLeavesProject when it resolves to a place outside the root, kBroken for a link loop or
// a dangling link. A path that does not exist at all is kOk (the reader reports it missing).
InputPathStatus CheckInputPath(const std::string& root, const std::string& rel);

// Whether `rel` is a relative path that stays inside its folder: not empty, not absolute, no
// ".." or "." component, no empty component (content/fr/../en/x.md is refused).
bool IsPlainRelativePath(const std::string& rel);

}  // namespace gg
