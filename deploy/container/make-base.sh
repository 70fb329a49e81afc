#!/bin/sh
# The base image of deploy/container/Containerfile, made from Debian's own packages (no image registry is
# needed): debootstrap puts a minimal Debian 13 (trixie) with its Node.js (20.19 or newer), CA certificates
# and time zones into a folder, which podman (or docker) imports as an image. Run as root:
#
#   sh deploy/container/make-base.sh                 # makes localhost/studio-gallery-base:trixie
#
# MIRROR=<a Debian mirror> picks the mirror (debootstrap's default otherwise); ENGINE=docker uses docker;
# TAG names the image. Run it again to take Debian's security updates into the base, then rebuild the image.
set -eu
SUITE="${SUITE:-trixie}"
TAG="${TAG:-localhost/studio-gallery-base:$SUITE}"
ENGINE="${ENGINE:-podman}"
PACKAGES="nodejs,ca-certificates,tzdata"

ROOTFS="$(mktemp -d "${TMPDIR:-/var/tmp}/sg-base-XXXXXX")"
trap 'rm -rf "$ROOTFS"' EXIT INT TERM
# shellcheck disable=SC2086 # MIRROR is one word or none
debootstrap --variant=minbase --include="$PACKAGES" "$SUITE" "$ROOTFS" ${MIRROR:-}
# Only what the image needs: no package lists, caches, logs or documentation.
chroot "$ROOTFS" apt-get clean
rm -rf "$ROOTFS"/var/lib/apt/lists/* "$ROOTFS"/var/cache/apt/*.bin "$ROOTFS"/var/log/* \
  "$ROOTFS"/usr/share/doc/* "$ROOTFS"/usr/share/man/* "$ROOTFS"/usr/share/info/*
chroot "$ROOTFS" node --version
tar -C "$ROOTFS" --numeric-owner -c . | "$ENGINE" import --change 'CMD ["/bin/bash"]' - "$TAG"
echo "Base image $TAG made from Debian $SUITE."
