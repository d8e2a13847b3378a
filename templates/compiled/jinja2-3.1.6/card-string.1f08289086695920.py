from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = None

def root(context, missing=missing, environment=environment):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_type = resolve('type')
    l_0_deck = resolve('deck')
    l_0__ = resolve('_')
    try:
        t_1 = environment.filters['upper']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'upper' found.")
    pass
    yield str(t_1(environment.getattr((undefined(name='type') if l_0_type is missing else l_0_type), 'name')))
    if environment.getattr((undefined(name='type') if l_0_type is missing else l_0_type), 'code'):
        pass
        yield '  ·  '
        yield str(environment.getattr((undefined(name='type') if l_0_type is missing else l_0_type), 'code'))
    if environment.getattr((undefined(name='deck') if l_0_deck is missing else l_0_deck), 'optional'):
        pass
        yield '  ·  '
        yield str(t_1(environment.call(context, (undefined(name='_') if l_0__ is missing else l_0__), 'Optional')))

blocks = {}
debug_info = '1=20'
