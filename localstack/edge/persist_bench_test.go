package edge_test

import (
	"testing"

	"zuum/localstack/edge"
)

// BenchmarkSaveThousandItems measures one snapshot of a 1000-item table (make dev pays it at
// most once a second while data changes).
func BenchmarkSaveThousandItems(b *testing.B) {
	a := startEdge(b, b.TempDir())
	putUsers(b, a.DynamoDB, 1000)
	for b.Loop() {
		if err := a.Edge.Save(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRestoreThousandItems measures starting an edge on a DataDir holding 1000 items.
func BenchmarkRestoreThousandItems(b *testing.B) {
	dir := b.TempDir()
	a := startEdge(b, dir)
	putUsers(b, a.DynamoDB, 1000)
	a.stop()
	for b.Loop() {
		e, err := edge.New(edge.Options{DataDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		if err := e.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
}
