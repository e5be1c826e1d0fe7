"""Bundles unpack only their readable regular files, inside the folder, within the limits."""

from __future__ import annotations

import io
import stat
import tarfile
import zipfile
from pathlib import Path

import pytest
from cite_sentinel.web.bundles import unpack
from cite_sentinel.web.limits import Limits
from cite_sentinel.web.names import UploadError

BIB = b"@article{a, title = {A}, author = {B, C}, year = {2020}}\n"


def _zip(members: dict[str, bytes], *, modes: dict[str, int] | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as bundle:
        for name, data in members.items():
            info = zipfile.ZipInfo(name)
            if modes and name in modes:
                info.external_attr = modes[name] << 16
            bundle.writestr(info, data)
    return buffer.getvalue()


def _tar(members: list[tarfile.TarInfo], data: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as bundle:
        for info in members:
            content = data.get(info.name)
            if content is not None:
                info.size = len(content)
            bundle.addfile(info, io.BytesIO(content) if content is not None else None)
    return buffer.getvalue()


def _files(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


def test_an_arxiv_style_bundle_keeps_its_folders_and_leaves_out_what_no_reader_takes(
    tmp_path: Path,
) -> None:
    data = _zip({"paper/main.tex": b"\\cite{a}", "paper/refs.bib": BIB, "paper/fig.png": b"x"})
    written = unpack(data, "source.zip", tmp_path, Limits())
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        "paper/main.tex",
        "paper/refs.bib",
    ]
    assert (tmp_path / "paper" / "refs.bib").read_bytes() == BIB


@pytest.mark.parametrize(
    "name", ["../evil.bib", "/etc/evil.bib", "a/../../evil.bib", "..\\evil.bib", "C:/evil.bib"]
)
def test_a_member_that_would_climb_out_of_the_folder_is_never_written(
    tmp_path: Path, name: str
) -> None:
    into = tmp_path / "into"
    into.mkdir()
    written = unpack(_zip({name: BIB, "ok.bib": BIB}), "bundle.zip", into, Limits())
    assert [p.name for p in written] == ["ok.bib"]
    assert _files(tmp_path) == {"into/ok.bib"}


def test_hidden_files_and_mac_resource_forks_are_left_out(tmp_path: Path) -> None:
    data = _zip({".cite-sentinel.toml": b"x", ".git/refs.bib": BIB, "__MACOSX/._a.bib": b"x"})
    assert unpack(data, "bundle.zip", tmp_path, Limits()) == []


def test_links_in_a_zip_are_never_made(tmp_path: Path) -> None:
    data = _zip({"link.bib": b"/etc/passwd", "refs.bib": BIB}, modes={"link.bib": stat.S_IFLNK})
    written = unpack(data, "bundle.zip", tmp_path, Limits())
    assert [p.name for p in written] == ["refs.bib"]
    assert not (tmp_path / "link.bib").exists()


def test_links_and_devices_in_a_tar_are_never_made(tmp_path: Path) -> None:
    link = tarfile.TarInfo("link.bib")
    link.type, link.linkname = tarfile.SYMTYPE, "/etc/passwd"
    hard = tarfile.TarInfo("hard.bib")
    hard.type, hard.linkname = tarfile.LNKTYPE, "refs.bib"
    device = tarfile.TarInfo("dev.bib")
    device.type = tarfile.CHRTYPE
    data = _tar([tarfile.TarInfo("refs.bib"), link, hard, device], {"refs.bib": BIB})
    written = unpack(data, "bundle.tar.gz", tmp_path, Limits())
    assert [p.name for p in written] == ["refs.bib"]
    assert _files(tmp_path) == {"refs.bib"}
    assert not (tmp_path / "link.bib").is_symlink()


def test_a_member_larger_than_a_file_may_be_refuses_the_bundle(tmp_path: Path) -> None:
    data = _zip({"big.bib": b"%" * 2000})
    with pytest.raises(UploadError, match=r"bundle.zip: big.bib is larger than"):
        unpack(data, "bundle.zip", tmp_path, Limits(file_bytes=1000))


def test_a_bundle_that_unpacks_to_more_than_the_limit_is_refused_before_anything_is_written(
    tmp_path: Path,
) -> None:
    data = _zip({f"{n}.bib": b"%" * 600 for n in range(4)})  # compresses to almost nothing
    with pytest.raises(UploadError, match="would unpack to more than"):
        unpack(data, "bomb.zip", tmp_path, Limits(unpacked_bytes=2000))
    assert _files(tmp_path) == set()


def test_a_tar_of_too_many_entries_is_refused(tmp_path: Path) -> None:
    data = _tar([tarfile.TarInfo(f"{n}.txt") for n in range(12)], {})
    with pytest.raises(UploadError, match="holds more than 10 entries"):
        unpack(data, "many.tar.gz", tmp_path, Limits(bundle_members=10))


def test_a_damaged_bundle_is_said_in_a_sentence_naming_it(tmp_path: Path) -> None:
    with pytest.raises(UploadError, match=r"^source.zip: not a readable zip archive"):
        unpack(b"PK\x03\x04 and then nothing", "source.zip", tmp_path, Limits())
    with pytest.raises(UploadError, match=r"^source.tar.gz: not a readable tar archive"):
        unpack(b"\x1f\x8b\x08 truncated", "source.tar.gz", tmp_path, Limits())


def test_a_name_twice_in_a_bundle_is_refused_not_overwritten(tmp_path: Path) -> None:
    data = _zip({"a/refs.bib": BIB, "a/./refs.bib": b"second"})
    with pytest.raises(UploadError, match=r"holds a/refs\.bib twice"):
        unpack(data, "bundle.zip", tmp_path, Limits())
    assert (tmp_path / "a" / "refs.bib").read_bytes() == BIB


def test_a_zip_compressed_by_an_unknown_method_is_said_not_raised(tmp_path: Path) -> None:
    data = bytearray(_zip({"refs.bib": BIB}))
    data[8:10] = (99).to_bytes(2, "little")  # the local header's compression method
    central = data.rindex(b"PK\x01\x02")
    data[central + 10 : central + 12] = (99).to_bytes(2, "little")
    with pytest.raises(UploadError, match=r"^bundle.zip: not a readable zip archive"):
        unpack(bytes(data), "bundle.zip", tmp_path, Limits())
