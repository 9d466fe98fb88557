"""Docstrings and stubs: every public name is documented, its examples run, and the type
stubs name exactly what the module has."""

import ast
import doctest
import inspect
import pathlib

import pytest

import grundy

STUB = pathlib.Path(__file__).resolve().parents[1] / "python" / "grundy" / "__init__.pyi"
PUBLIC = sorted(
    name
    for name in dir(grundy)
    if not name.startswith("_") and not inspect.ismodule(getattr(grundy, name))
)


def members(obj):
    """The public attributes a class defines itself (methods and properties)."""
    return [
        (name, value)
        for name, value in vars(obj).items()
        if not name.startswith("_") and (callable(value) or inspect.isdatadescriptor(value))
    ]


def test_every_public_name_has_a_docstring():
    assert len(PUBLIC) > 20
    missing = []
    for name in PUBLIC:
        obj = getattr(grundy, name)
        if isinstance(obj, str):
            continue
        if not (obj.__doc__ or "").strip():
            missing.append(name)
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            missing += [f"{name}.{m}" for m, v in members(obj) if not (v.__doc__ or "").strip()]
    assert missing == []


def docstring_examples():
    tests = []
    for name in PUBLIC:
        obj = getattr(grundy, name)
        if isinstance(obj, str):
            continue
        objects = [(name, obj)]
        if inspect.isclass(obj):
            objects += [(f"{name}.{m}", v) for m, v in members(obj)]
        for qualname, item in objects:
            doc = item.__doc__ or ""
            if ">>>" in doc:
                tests.append((qualname, doctest.DocTestParser().get_doctest(doc, {"grundy": grundy}, qualname, None, 0)))
    return tests


EXAMPLES = docstring_examples()


def test_examples_were_found():
    assert len(EXAMPLES) >= 20


@pytest.mark.parametrize("qualname, test", EXAMPLES, ids=[q for q, _ in EXAMPLES])
def test_docstring_examples_run(qualname, test):
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{qualname}: {runner.failures} example(s) failed"


def test_stubs_name_exactly_the_module():
    tree = ast.parse(STUB.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets)
    helpers = {"Position", "Outcome", "Kind", "Progress", "_Rules", "CgtOperand", "CgtComparand"}
    assert sorted(names - helpers - {"__version__", "__all__"}) == PUBLIC
    stub_all = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and node.targets[0].id == "__all__"
    )
    assert stub_all == grundy.__all__
    for cls in tree.body:
        if isinstance(cls, ast.ClassDef) and cls.name in PUBLIC and cls.name not in helpers:
            stubbed = {n.name for n in cls.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")}
            real = {m for m, _ in members(getattr(grundy, cls.name))}
            assert stubbed == real, cls.name


def test_the_package_ships_its_stubs():
    package = pathlib.Path(grundy.__file__).parent
    assert (package / "py.typed").exists()
    assert (package / "__init__.pyi").exists()


README = pathlib.Path(__file__).resolve().parents[3] / "README.md"


def test_the_readmes_python_example_prints_what_it_shows(capsys):
    """The README's notebook example is run as it stands, and prints the output shown under
    it, line for line."""
    text = README.read_text()
    start = text.index("```python\n") + len("```python\n")
    code, rest = text[start:].split("```\n", 1)
    assert rest.startswith("```text\n"), "the example's output follows it"
    shown = rest[len("```text\n"):].split("```", 1)[0]
    exec(compile(code, str(README), "exec"), {})
    assert capsys.readouterr().out == shown
