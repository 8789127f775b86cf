import LayerLabScript

/// The project codec the command line uses.
///
/// NB: nil until the JSON project format (LayerLabProject) lands; `load`/`save` of `.json`
/// files then report that projects are not available. Wire `ProjectFile` in here.
enum ProjectCodecs {
    static let current: (any ProjectCodec)? = nil
}
