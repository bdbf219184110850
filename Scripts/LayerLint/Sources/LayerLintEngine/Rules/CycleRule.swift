/// `cycle`: targets that depend on each other in a circle, one finding per strongly connected component.
package struct CycleRule {
  package let workspace: Workspace

  package func violations() -> [Violation] {
    guard workspace.configuration.isEnabled(.cycle) else { return [] }
    let names = workspace.manifest.targets.map(\.name)
    let edges = Dictionary(
      uniqueKeysWithValues: workspace.manifest.targets.map { target in
        (target.name, target.targetDependencies.filter { workspace.targetsByName[$0] != nil })
      })
    return StronglyConnectedComponents.find(nodes: names, edges: edges).compactMap { component in
      let members = Set(component)
      guard members.count > 1 || (edges[component[0]] ?? []).contains(component[0]) else { return nil }
      let start = names.first(where: members.contains)!
      let path = Self.cyclePath(from: start, within: members, edges: edges)
      let closing = path.count > 1 ? path[1] : start
      return Violation(
        rule: .cycle, file: "Package.swift", line: workspace.manifestLine(of: start), source: start,
        sourceLayer: workspace.layerName(of: start), target: closing, targetLayer: workspace.layerName(of: closing),
        problem: "dependency cycle \((path + [start]).joined(separator: " -> "))",
        fix: "remove one of these dependencies; \(start) and \(closing) must not need each other — "
          + "move the shared code to a lower module")
    }
  }

  /// A simple cycle through `start` that stays inside `members`.
  package static func cyclePath(from start: String, within members: Set<String>, edges: [String: [String]]) -> [String]
  {
    var path = [start]
    var visited: Set<String> = [start]
    func search(_ node: String) -> Bool {
      for next in edges[node] ?? [] where members.contains(next) {
        if next == start { return true }
        if visited.insert(next).inserted {
          path.append(next)
          if search(next) { return true }
          path.removeLast()
        }
      }
      return false
    }
    _ = search(start)
    return path
  }
}

/// Tarjan's algorithm, iterative so deep graphs cannot overflow the stack.
package enum StronglyConnectedComponents {
  package static func find(nodes: [String], edges: [String: [String]]) -> [[String]] {
    var index: [String: Int] = [:]
    var lowLink: [String: Int] = [:]
    var onStack: Set<String> = []
    var stack: [String] = []
    var components: [[String]] = []
    var counter = 0
    for root in nodes where index[root] == nil {
      var work: [(node: String, nextEdge: Int)] = [(root, 0)]
      index[root] = counter
      lowLink[root] = counter
      counter += 1
      stack.append(root)
      onStack.insert(root)
      while let (node, nextEdge) = work.last {
        let successors = edges[node] ?? []
        if nextEdge < successors.count {
          work[work.count - 1].nextEdge += 1
          let successor = successors[nextEdge]
          if index[successor] == nil {
            index[successor] = counter
            lowLink[successor] = counter
            counter += 1
            stack.append(successor)
            onStack.insert(successor)
            work.append((successor, 0))
          } else if onStack.contains(successor) {
            lowLink[node] = min(lowLink[node]!, index[successor]!)
          }
          continue
        }
        work.removeLast()
        if let parent = work.last?.node { lowLink[parent] = min(lowLink[parent]!, lowLink[node]!) }
        if lowLink[node] == index[node] {
          var component: [String] = []
          while let member = stack.popLast() {
            onStack.remove(member)
            component.append(member)
            if member == node { break }
          }
          components.append(component)
        }
      }
    }
    return components
  }
}
