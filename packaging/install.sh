#!/bin/sh
# Install nove-desktop @VERSION@ for the current user (no root needed), or remove it again.
#
#   ./install.sh                  install into ~/.local: the program, a menu entry, the icon
#                                 and the nove-desktop command
#   ./install.sh --uninstall      remove exactly what the install added (saves are kept)
#   ./install.sh --prefix DIR     install under DIR (DIR/bin, DIR/lib, DIR/share) instead;
#                                 give it again with --uninstall
#
# What it adds (with the default prefix; ID is the app's id, @APP_ID@):
#   ~/.local/lib/nove-desktop/                    the program (this archive's nove-desktop/)
#   ~/.local/bin/nove-desktop                     a link to the program, on PATH
#   ~/.local/share/applications/ID.desktop        the menu entry
#   ~/.local/share/metainfo/ID.metainfo.xml       the AppStream metainfo (for software centres)
#   ~/.local/share/icons/hicolor/SIZE/apps/ID.png the icon, 16 to 512 pixels, and scalable/ID.svg
#   ~/.local/share/man/man6/nove-desktop.6        the man page (man nove-desktop)
# ($XDG_DATA_HOME replaces ~/.local/share when it is set, except for the man page: man looks
# for it beside ~/.local/bin.) Every file and every folder it creates is listed in
# ~/.local/lib/nove-desktop/.install-manifest: --uninstall removes those and nothing else. A
# copy of this script stays in ~/.local/lib/nove-desktop/ for that.
# Installing over an earlier install first removes every file that one listed: names an
# older version used (nove-desktop.desktop and nove-desktop.png in 0.2.0) do not linger.
set -eu

APP=nove-desktop
APP_ID=@APP_ID@
VERSION=@VERSION@
MANIFEST_NAME=.install-manifest

say() { printf '%s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }

usage() {
    say "usage: ./install.sh [--prefix DIR] [--uninstall]"
    say "Installs $APP $VERSION for you alone (no root needed); --uninstall removes it."
}

here=$(cd "$(dirname "$0")" && pwd)
action=install
prefix=""
while [ $# -gt 0 ]; do
    case "$1" in
        --uninstall) action=uninstall ;;
        --prefix)
            [ $# -ge 2 ] || fail "--prefix needs a folder"
            prefix=$2
            shift
            ;;
        --prefix=*) prefix=${1#--prefix=} ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; fail "unknown option: $1" ;;
    esac
    shift
done

newline='
'
if [ -n "$prefix" ]; then
    case "$prefix" in
        /*) ;;
        *) prefix="$(pwd)/$prefix" ;;
    esac
    datadir="$prefix/share"
elif [ -f "$here/$MANIFEST_NAME" ]; then
    # This is the copy kept beside an installed program: it knows where it was installed.
    prefix=$(cd "$here/../.." && pwd)
    datadir=""
else
    [ -n "${HOME:-}" ] || fail "HOME is not set: give a folder with --prefix"
    prefix="$HOME/.local"
    case "${XDG_DATA_HOME:-}" in
        /*) datadir=$XDG_DATA_HOME ;;
        *) datadir="$HOME/.local/share" ;;
    esac
fi
case "$prefix$datadir" in
    *"$newline"*) fail "folder names with a line break are not supported" ;;
esac
# Lists below are one path per line: split words on line breaks only, and never glob.
IFS=$newline
set -f
bindir="$prefix/bin"
libdir="$prefix/lib/$APP"
manifest="$libdir/$MANIFEST_NAME"

# -- the manifest: "dir PATH" (a folder the install created) and "file PATH" lines -------------
manifest_lines() { # kind: the paths of that kind in the current manifest, in order
    [ -f "$manifest" ] || return 0
    sed -n "s/^$1 //p" "$manifest"
}

is_ours() { # path: listed as a file in the current manifest
    manifest_lines file | grep -Fqx -- "$1"
}

created=""   # folders created by this run, outermost first, one per line
make_dir() { # folder: create it and its missing parents, remembering which were missing
    missing=""
    dir=$1
    while [ ! -d "$dir" ]; do
        missing="$dir$newline$missing"
        dir=$(dirname "$dir")
    done
    mkdir -p "$1"
    created="$created$missing"
}

refresh_icon_cache() {
    # Only a cache that already exists needs refreshing; creating one would leave a file behind.
    if [ -f "$1/icon-theme.cache" ] && command -v gtk-update-icon-cache >/dev/null 2>&1; then
        gtk-update-icon-cache --force --quiet "$1" >/dev/null 2>&1 || true
    fi
}

# -- uninstall ------------------------------------------------------------------------------------
uninstall() {
    if [ ! -f "$manifest" ]; then
        if [ -e "$libdir" ]; then
            fail "$libdir was not installed by this script (it has no $MANIFEST_NAME): left alone"
        fi
        fail "$APP is not installed under $prefix (nothing to remove)"
    fi
    for path in $(manifest_lines file); do
        rm -f -- "$path"
    done
    hicolor=$(manifest_lines file | sed -n 's|^\(.*/icons/hicolor\)/.*|\1|p' | head -n 1)
    dirs=$(manifest_lines dir)
    rm -rf -- "$libdir"
    # Innermost first; a folder that holds something else now is kept.
    printf '%s\n' "$dirs" | sed '1!G;h;$!d' | while IFS= read -r dir; do
        [ -n "$dir" ] && rmdir -- "$dir" 2>/dev/null || true
    done
    [ -n "$hicolor" ] && refresh_icon_cache "$hicolor"
    say "Removed $APP from $prefix."
    if [ -n "${HOME:-}" ]; then
        say "Your saves and statistics stay in ${XDG_DATA_HOME:-$HOME/.local/share}/$APP,"
        say "your settings in ${XDG_CONFIG_HOME:-$HOME/.config}/$APP and the problems log in"
        say "${XDG_STATE_HOME:-$HOME/.local/state}/$APP (delete those folders to remove them too)."
    fi
}

# -- install --------------------------------------------------------------------------------------
install_app() {
    [ -x "$here/$APP/$APP" ] || fail "$here/$APP/$APP is missing: run install.sh from the unpacked archive"
    [ -f "$here/$APP_ID.desktop" ] || fail "$here/$APP_ID.desktop is missing"
    [ -f "$here/$APP_ID.metainfo.xml" ] || fail "$here/$APP_ID.metainfo.xml is missing"
    [ -f "$here/$APP.6" ] || fail "$here/$APP.6 is missing"
    [ -n "$datadir" ] || fail "give --prefix to install from here"
    desktop="$datadir/applications/$APP_ID.desktop"
    metainfo="$datadir/metainfo/$APP_ID.metainfo.xml"
    launcher="$bindir/$APP"
    # Beside bin/, not in $XDG_DATA_HOME: man looks in ../share/man of each folder on PATH.
    manpage="$prefix/share/man/man6/$APP.6"
    icons=$(cd "$here" && find icons \( -name "$APP_ID.png" -o -name "$APP_ID.svg" \) | sort)
    [ -n "$icons" ] || fail "no icons in $here/icons"

    # Refuse to replace anything this installer did not put there.
    if [ -e "$libdir" ] && [ ! -f "$manifest" ]; then
        fail "$libdir exists and was not installed by this script: move it away first"
    fi
    targets="$launcher$newline$desktop$newline$metainfo$newline$manpage"
    for icon in $icons; do
        targets="$targets$newline$datadir/$icon"
    done
    conflicts=""
    for path in $targets; do
        if { [ -e "$path" ] || [ -L "$path" ]; } && ! is_ours "$path"; then
            conflicts="$conflicts  $path$newline"
        fi
    done
    [ -z "$conflicts" ] || fail "these files exist and were not installed by this script:$newline$conflicts(remove them, or install elsewhere with --prefix)"

    # An earlier install: keep the folders it created (they are still ours), drop its files.
    old_dirs=$(manifest_lines dir)
    for path in $(manifest_lines file); do
        rm -f -- "$path"
    done

    make_dir "$prefix/lib"
    staging="$libdir.new.$$"
    rm -rf -- "$staging"
    cp -RP "$here/$APP" "$staging"
    cp "$here/install.sh" "$staging/install.sh"
    chmod 755 "$staging/install.sh"
    rm -rf -- "$libdir"
    mv "$staging" "$libdir"
    make_dir "$bindir"
    make_dir "$datadir/applications"
    make_dir "$datadir/metainfo"
    make_dir "$prefix/share/man/man6"
    for icon in $icons; do
        make_dir "$datadir/$(dirname "$icon")"
    done

    {
        printf '%s\n' "$old_dirs" "$created" | grep -v '^$' | awk '!seen[$0]++' | sed 's/^/dir /'
        for path in $targets; do printf 'file %s\n' "$path"; done
    } > "$manifest"

    ln -s "$libdir/$APP" "$launcher"
    cp "$here/$APP.6" "$manpage"
    chmod 644 "$manpage"
    for icon in $icons; do
        cp "$here/$icon" "$datadir/$icon"
        chmod 644 "$datadir/$icon"
    done
    # The menu entry starts the program by its full path: ~/.local/bin is not on every
    # session's PATH. Desktop entry quoting: \ " ` $ are escaped (twice for \), % doubled.
    exec_path=$(printf '%s' "$libdir/$APP" | sed -e 's/[\\]/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')
    while IFS= read -r line; do
        case "$line" in
            Exec=*) printf 'Exec="%s"\n' "$exec_path" ;;
            *) printf '%s\n' "$line" ;;
        esac
    done < "$here/$APP_ID.desktop" > "$desktop"
    chmod 644 "$desktop"
    cp "$here/$APP_ID.metainfo.xml" "$metainfo"
    chmod 644 "$metainfo"
    refresh_icon_cache "$datadir/icons/hicolor"

    say "Installed $APP $VERSION in $libdir."
    say "Start it from the applications menu (NOVE, under Games) or with: $APP"
    case ":${PATH:-}:" in
        *":$bindir:"*) ;;
        *) say "($bindir is not on your PATH yet: log out and in again, or run $launcher)" ;;
    esac
    say "To remove it: $libdir/install.sh --uninstall"
}

case "$action" in
    install) install_app ;;
    uninstall) uninstall ;;
esac
