# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# `cpack -G DEB` in a build makes paraplan_<version>_amd64.deb from the install rules: the three
# programs, the desktop entry, the icon, the AppStream metainfo and the man pages (the translations
# are built into the programs). Depends comes from the binaries themselves (dpkg-shlibdeps), so it
# lists exactly the Debian runtime packages they load; mpirun is added for the probe.
# packaging/make-deb.sh builds such a package from a clean build. The cuda backend's plugin goes in
# too where it was built; CUDA and NCCL are no Debian packages, so dpkg-shlibdeps finds their
# libraries (make-deb.sh puts them on its library path) but no package for them, and they stay out
# of Depends: the probe loads the plugin where they are installed (docs: packaging/README.md).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME paraplan)
set(CPACK_PACKAGE_VENDOR "ParaPlan developers")
set(CPACK_PACKAGE_CONTACT "ParaPlan developers <paraplan-dev@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
# Debian's extended description: lines of at most 80 characters.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "ParaPlan designs tensor, pipeline, data, context and expert parallelism\n"
       "for large language model training. Its cost model predicts memory per GPU\n"
       "and per stage, the pipeline bubble and timeline, the step-time breakdown,\n"
       "throughput and MFU, each with an uncertainty band fitted on published runs;\n"
       "the workbench redraws them as the sliders move, and paraplan-probe measures\n"
       "a configuration on the cluster to confirm and calibrate it.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://github.com/paraplan/paraplan")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "openmpi-bin")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "xvfb")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
