// Package plane is the Go code of Chess on an Infinite Plane
// (variants/infinite-plane*.toml): the option that chooses how squares are
// named and which material is insufficient on an unbounded board. The
// unbounded board itself is the core's.
//
// Its hooks are registered with the core as "infinite-plane" when the
// package is imported (package variant imports it).
package plane
