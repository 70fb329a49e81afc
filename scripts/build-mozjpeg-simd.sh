#!/usr/bin/env bash
# Builds the converter's MozJPEG encoder for WebAssembly with SIMD (workers/convert/mozjpeg-simd/), the
# build the worker loads where the engine validates WebAssembly SIMD (workers/convert/encodeJpeg.ts); other
# engines keep @jsquash/jpeg's build without SIMD. Rerun it after changing anything in scripts/mozjpeg-simd/.
#
# Needs Debian's emscripten (3.1.6) and node-acorn (its JavaScript optimiser requires it), and git:
#   apt-get install emscripten node-acorn git
# MozJPEG's source is v4.1.5, cloned from its public repository, or taken from MOZJPEG_SRC (a checkout of
# that tag) when set. The encoder's C code is MozJPEG's own (it writes the same bytes as @jsquash/jpeg's
# 3.3.1 for the same pixels and settings), compiled with -msimd128 so the compiler may vectorise loops; the
# binding is Squoosh's, as @jsquash/jpeg ships it, in scripts/mozjpeg-simd/. libjpeg-turbo's own SIMD
# routines are x86 assembly or ARM NEON intrinsics: the NEON ones through SIMDe (Debian's libsimde-dev)
# were slower than the C code in WebAssembly (docs/benchmarks-history.md), so they are not compiled in.
set -euo pipefail

MOZJPEG_TAG=v4.1.5
MOZJPEG_COMMIT=6c9f0897afa1c2738d7222a0a9ab49e8b536a267
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(dirname "$HERE")"
OUT="$REPO/workers/convert/mozjpeg-simd"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

command -v emcc >/dev/null || { echo "emcc not found: apt-get install emscripten node-acorn" >&2; exit 1; }
# Debian's emscripten runs its optimiser with the system's node, which must find node-acorn's acorn: a
# Node from outside Debian does not look in the folder Debian installs it into, so it is added here.
ACORN_PACKAGE="$(dpkg -L node-acorn 2>/dev/null | grep -m1 '/acorn/package.json$' || true)"
[ -n "$ACORN_PACKAGE" ] || { echo "node-acorn not installed: apt-get install node-acorn" >&2; exit 1; }
export NODE_PATH="${NODE_PATH:+$NODE_PATH:}$(dirname "$(dirname "$ACORN_PACKAGE")")"

SRC="${MOZJPEG_SRC:-}"
if [ -z "$SRC" ]; then
  SRC="$WORK/mozjpeg"
  git clone --quiet --depth 1 --branch "$MOZJPEG_TAG" https://github.com/mozilla/mozjpeg.git "$SRC"
fi
if [ -d "$SRC/.git" ] && [ "$(git -C "$SRC" rev-parse HEAD)" != "$MOZJPEG_COMMIT" ]; then
  echo "$SRC is not MozJPEG $MOZJPEG_TAG ($MOZJPEG_COMMIT)" >&2
  exit 1
fi
grep -q 'VERSION 4.1.5' "$SRC/CMakeLists.txt" || { echo "$SRC is not MozJPEG 4.1.5" >&2; exit 1; }

# The headers CMake would generate, for a static 8-bit libjpeg (API 6b) with in-memory destinations.
CFG="$WORK/config"
mkdir -p "$CFG" "$WORK/obj"
cat >"$CFG/jconfig.h" <<'EOF'
#define JPEG_LIB_VERSION 62
#define LIBJPEG_TURBO_VERSION 4.1.5
#define LIBJPEG_TURBO_VERSION_NUMBER 4001005
#define MEM_SRCDST_SUPPORTED 1
#define BITS_IN_JSAMPLE 8
EOF
cat >"$CFG/jconfigint.h" <<'EOF'
#define BUILD "studio-gallery"
#undef inline
#define INLINE __inline__ __attribute__((always_inline))
#define THREAD_LOCAL __thread
#define PACKAGE_NAME "mozjpeg"
#define VERSION "4.1.5"
#define SIZEOF_SIZE_T 4
#define HAVE_BUILTIN_CTZL
#define FALLTHROUGH __attribute__((fallthrough));
EOF
sed -e 's/@COPYRIGHT_YEAR@/1991-2023/' "$SRC/jversion.h.in" >"$CFG/jversion.h"
# The binding includes autotools' config.h (MozJPEG 3's build); MOZJPEG_VERSION is all it reads from it.
{ cat "$CFG/jconfigint.h"; echo '#define MOZJPEG_VERSION 4.1.5'; } >"$CFG/config.h"

# -flto as @jsquash/jpeg builds (a third smaller here, as fast).
CFLAGS=(-O3 -flto -msimd128 -I "$CFG" -I "$SRC")
# The encoder's part of libjpeg (CMakeLists.txt's JPEG_SOURCES without the decoder), rdswitch.c for
# set_quality_ratings (cjpeg's quality parsing, which the binding uses) and no hand-written SIMD.
SOURCES=(jcapimin jcapistd jccoefct jccolor jcdctmgr jcext jchuff jcicc jcinit jcmainct jcmarker jcmaster
  jcomapi jcparam jcphuff jcprepct jcsample jctrans jdatadst jerror jfdctflt jfdctfst jfdctint jutils jmemmgr
  jmemnobs jsimd_none rdswitch)
for name in "${SOURCES[@]}"; do
  emcc "${CFLAGS[@]}" -c "$SRC/$name.c" -o "$WORK/obj/$name.o"
done

mkdir -p "$OUT"
# ENVIRONMENT, EXPORT_ES6, MODULARIZE, DYNAMIC_EXECUTION=0 (no eval: the app's content-security policy),
# FILESYSTEM=0, ALLOW_MEMORY_GROWTH and TEXTDECODER=0 are @jsquash/jpeg's settings.
emcc "${CFLAGS[@]}" -std=c++17 --bind \
  -s ENVIRONMENT=web,worker -s EXPORT_ES6=1 -s MODULARIZE=1 -s DYNAMIC_EXECUTION=0 \
  -s FILESYSTEM=0 -s ALLOW_MEMORY_GROWTH=1 -s TEXTDECODER=0 \
  -o "$OUT/mozjpeg_enc_simd.js" "$HERE/mozjpeg-simd/mozjpeg_enc.cpp" "$WORK"/obj/*.o

# The notices the binary needs (libjpeg-turbo's LICENSE.md asks for README.ijg with it; the binding is
# Apache-2.0, as jSquash's LICENSE says); vite-plugin-licences.ts copies them into the app's notices.
cp "$SRC/LICENSE.md" "$OUT/LICENSE.md"
cp "$SRC/README.ijg" "$OUT/README.ijg"
cp "$HERE/mozjpeg-simd/LICENSE-binding.txt" "$OUT/LICENSE-binding.txt"
ls -l "$OUT"
