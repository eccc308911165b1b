# SPDX-FileCopyrightText: 2026 ParaPlan developers
# SPDX-License-Identifier: MIT
#
# The engine's cuda backend, where the CUDA toolkit (compiler, runtime, cuBLASLt) and NCCL are
# found; elsewhere it is left out with one message, and everything else builds and tests as usual.
option(PARAPLAN_BUILD_CUDA "Build the engine's cuda backend where the CUDA toolkit and NCCL are found" ON)

set(PARAPLAN_HAVE_CUDA OFF)
set(why "")
if(NOT PARAPLAN_BUILD_CUDA)
    set(why "PARAPLAN_BUILD_CUDA is OFF")
else()
    # NVIDIA's packages install the toolkit in /usr/local/cuda and leave PATH alone, where
    # check_language alone would not look: find nvcc where CUDACXX, CUDAToolkit_ROOT, CUDA_HOME or
    # CUDA_PATH say, else in the usual places, and hand it on.
    if(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX})
        find_program(PARAPLAN_NVCC nvcc
                     HINTS ${CUDAToolkit_ROOT} ENV CUDAToolkit_ROOT ENV CUDA_HOME ENV CUDA_PATH
                     PATHS /usr/local/cuda /opt/cuda PATH_SUFFIXES bin)
        if(PARAPLAN_NVCC)
            set(CMAKE_CUDA_COMPILER ${PARAPLAN_NVCC})
            get_filename_component(toolkit "${PARAPLAN_NVCC}" DIRECTORY)
            get_filename_component(toolkit "${toolkit}" DIRECTORY)
            set(CUDAToolkit_ROOT "${toolkit}" CACHE PATH "The CUDA toolkit the cuda backend builds with")
        endif()
    endif()
    include(CheckLanguage)
    check_language(CUDA)
    find_package(CUDAToolkit QUIET)
    if(NOT CMAKE_CUDA_COMPILER OR NOT CUDAToolkit_FOUND)
        set(why "no CUDA toolkit (nvcc) was found")
    else()
        # NCCL where NCCL_ROOT (CMake or environment) or $NCCL_HOME says, else beside the toolkit; as
        # libnccl.so.2 too, the only name NVIDIA's runtime packages and the nvidia-nccl wheels ship.
        set(nccl_hints ${NCCL_ROOT} ENV NCCL_ROOT ENV NCCL_HOME)
        find_path(NCCL_INCLUDE_DIR nccl.h HINTS ${nccl_hints} ${CUDAToolkit_INCLUDE_DIRS} PATH_SUFFIXES include)
        find_library(NCCL_LIBRARY NAMES nccl libnccl.so.2 NAMES_PER_DIR HINTS ${nccl_hints} ${CUDAToolkit_LIBRARY_DIR}
                     PATH_SUFFIXES lib lib64)
        if(NOT NCCL_INCLUDE_DIR OR NOT NCCL_LIBRARY)
            string(CONCAT why "NCCL (nccl.h and libnccl.so or libnccl.so.2) was not found beside the CUDA "
                              "toolkit or in NCCL_ROOT or NCCL_HOME; set one of them to NCCL's folder")
        elseif(NOT TARGET CUDA::cublasLt)
            set(why "cuBLASLt was not found in the CUDA toolkit")
        elseif(NOT EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/cuda/CMakeLists.txt)
            set(why "engine/cuda is missing")
        else()
            set(PARAPLAN_HAVE_CUDA ON)
        endif()
    endif()
endif()

if(PARAPLAN_HAVE_CUDA)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
        set(CMAKE_CUDA_ARCHITECTURES 80 90) # A100; H100, H200 (and B200 through PTX)
    endif()
    enable_language(CUDA)
    add_subdirectory(cuda)
    # Programs run from the build tree load the plugin from here; installed ones from the libdir.
    target_compile_definitions(paraplan_engine PRIVATE PARAPLAN_CUDA_PLUGIN_BUILD_PATH="$<TARGET_FILE:paraplan_cuda_backend>")
    add_dependencies(paraplan_engine paraplan_cuda_backend)
    message(STATUS "ParaPlan: the engine's cuda backend is built (CUDA ${CUDAToolkit_VERSION}, NCCL ${NCCL_LIBRARY})")
else()
    message(STATUS "ParaPlan: the engine's cuda backend is left out (${why}); the host backend and everything else build")
endif()
