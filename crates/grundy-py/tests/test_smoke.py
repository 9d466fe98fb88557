import grundy


def test_imports():
    assert grundy.game("nim").name == "nim"
