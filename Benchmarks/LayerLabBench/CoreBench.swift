import LayerLabCore

func coreBenchmarks() {
    print("")
    print("## Core: evaluate the presentation tree")
    let doc = benchDocument(layers: 1000, animations: 5000)
    measure("prepare a document (Evaluator: compile), 1,000 layers / 5,000 animations", runs: 9) {
        _ = Evaluator(document: doc)
    }
    let ev = Evaluator(document: doc)
    var t = 0.0
    measure("evaluate the presentation tree at one time, same document") {
        t += 0.0137
        _ = ev.scene(at: t)
    }
}
